/// The widths photos are served at: a page asks for the width it shows, and gets the next one up.
public enum PhotoWidths {
    public static let all = [160, 320, 640, 1024, 1280, 2048]
    /// What a request without a width gets.
    public static let standard = 1024
    /// The widest a page may ask for; wider asks are refused rather than guessed at.
    public static let largestAsked = 16_384

    /// The served width for a page that shows `asked` pixels: the smallest that covers it (2048 for anything
    /// wider), and the default without a width.
    public static func snapped(_ asked: Int?) -> Int {
        guard let asked else { return standard }
        return all.first { $0 >= asked } ?? all[all.count - 1]
    }
}
