/// A slow modulator tabulated over one loop and read back with linear interpolation, so a per-sample read costs no
/// trigonometry. It depends on the phase alone, which keeps the bed exactly periodic.
struct ControlCurve {
    private let values: [Float]

    /// - Parameters:
    ///   - points: table size; the curve is sampled at `0, 1/points, …, 1`.
    ///   - function: the modulator, which must be periodic with period 1.
    init(points: Int, _ function: (Double) -> Float) {
        values = (0...points).map { function(Double($0) / Double(points)) }
    }

    /// About one point per 32 samples of the loop.
    init(loopLength: Int, _ function: (Double) -> Float) {
        self.init(points: max(16, loopLength / 32), function)
    }

    /// - Parameter phase: `0..<1`.
    func value(at phase: Double) -> Float {
        let position = phase * Double(values.count - 1)
        let index = min(Int(position), values.count - 2)
        let fraction = Float(position - Double(index))
        return values[index] + (values[index + 1] - values[index]) * fraction
    }
}
