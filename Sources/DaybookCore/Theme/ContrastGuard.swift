import Foundation

/// Moves a foreground colour's HSL lightness away from its backgrounds until text on them is readable.
///
/// This is what makes the palette's promise hold for every accent: each foreground role is passed
/// through ``adjusted(_:against:minimum:)`` with all the backgrounds it is drawn on.
enum ContrastGuard {
    /// The ratio the palette aims for: WCAG AA for normal text is 4.5, plus a little headroom.
    static let target = 4.6

    /// The colour closest in lightness to `foreground` (same hue and saturation) whose contrast
    /// with every background is at least `minimum`.
    ///
    /// Lightness moves toward black or white, whichever contrasts better with all the backgrounds.
    /// Luminance is monotonic in HSL lightness, so a bisection finds the smallest move. If even
    /// black or white falls short, the better of the two is returned.
    /// - Parameters:
    ///   - foreground: The wished-for colour.
    ///   - backgrounds: Every colour the foreground is drawn on.
    ///   - minimum: The contrast ratio to reach.
    static func adjusted(_ foreground: HexColor, against backgrounds: [HexColor], minimum: Double = target)
        -> HexColor
    {
        let backgroundLuminances = backgrounds.map { $0.relativeLuminance }
        func worstRatio(_ color: HexColor) -> Double {
            let luminance = color.relativeLuminance
            var worst = 21.0
            for background in backgroundLuminances {
                let ratio = ContrastGuard.ratio(luminance, background)
                if ratio < worst { worst = ratio }
            }
            return worst
        }
        if worstRatio(foreground) >= minimum { return foreground }

        let extreme = worstRatio(.white) > worstRatio(.black) ? HexColor.white : HexColor.black
        guard worstRatio(extreme) >= minimum else { return extreme }

        let start = foreground.hsl
        let end = extreme == .white ? 1.0 : 0.0
        func candidate(_ step: Double) -> HexColor {
            start.with(lightness: start.lightness + (end - start.lightness) * step).hexColor
        }
        // Bisect the share of the way to black or white; 10 halvings are finer than one 8-bit step.
        var tooLittle = 0.0
        var enough = 1.0
        var best = extreme
        for _ in 0..<10 {
            let middle = (tooLittle + enough) / 2
            let color = candidate(middle)
            if worstRatio(color) >= minimum {
                enough = middle
                best = color
            } else {
                tooLittle = middle
            }
        }
        return best
    }

    /// The WCAG contrast ratio of two relative luminances (``HexColor/contrastRatio(with:)`` without the lookups).
    private static func ratio(_ first: Double, _ second: Double) -> Double {
        first > second ? (first + 0.05) / (second + 0.05) : (second + 0.05) / (first + 0.05)
    }
}
