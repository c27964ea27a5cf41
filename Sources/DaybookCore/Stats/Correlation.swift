import Foundation

/// Sums over days that have both a rating and a focus total, as SQL aggregates return them.
///
/// `x` is the rating (1–5), `y` the day's focus in minutes.
public struct RatingFocusSums: Equatable, Sendable {
    public var count: Int
    public var sumX: Double
    public var sumY: Double
    public var sumXX: Double
    public var sumYY: Double
    public var sumXY: Double
    /// Average focus minutes on days rated 4–5, and how many there were.
    public var high: (minutes: Double, days: Int)
    /// Average focus minutes on days rated 1–2, and how many there were.
    public var low: (minutes: Double, days: Int)

    public init(
        count: Int = 0, sumX: Double = 0, sumY: Double = 0, sumXX: Double = 0, sumYY: Double = 0, sumXY: Double = 0,
        high: (minutes: Double, days: Int) = (0, 0), low: (minutes: Double, days: Int) = (0, 0)
    ) {
        self.count = count
        self.sumX = sumX
        self.sumY = sumY
        self.sumXX = sumXX
        self.sumYY = sumYY
        self.sumXY = sumXY
        self.high = high
        self.low = low
    }

    /// The sums of a list of (rating, minutes) pairs; for tests and small data.
    public init(pairs: [(Double, Double)]) {
        self.init(count: pairs.count)
        for (x, y) in pairs {
            sumX += x
            sumY += y
            sumXX += x * x
            sumYY += y * y
            sumXY += x * y
        }
        let high = pairs.filter { $0.0 >= 4 }.map(\.1)
        let low = pairs.filter { $0.0 <= 2 }.map(\.1)
        self.high = (high.isEmpty ? 0 : high.reduce(0, +) / Double(high.count), high.count)
        self.low = (low.isEmpty ? 0 : low.reduce(0, +) / Double(low.count), low.count)
    }

    /// Pearson's correlation coefficient, or `nil` with fewer than two days or when either side never varies.
    public var pearson: Double? {
        guard count >= 2 else { return nil }
        let n = Double(count)
        let covariance = n * sumXY - sumX * sumY
        let spreadX = n * sumXX - sumX * sumX
        let spreadY = n * sumYY - sumY * sumY
        guard spreadX > 1e-9, spreadY > 1e-9 else { return nil }
        return max(-1, min(1, covariance / (spreadX.squareRoot() * spreadY.squareRoot())))
    }

    public static func == (lhs: RatingFocusSums, rhs: RatingFocusSums) -> Bool {
        lhs.count == rhs.count && lhs.sumX == rhs.sumX && lhs.sumY == rhs.sumY && lhs.sumXX == rhs.sumXX
            && lhs.sumYY == rhs.sumYY && lhs.sumXY == rhs.sumXY && lhs.high == rhs.high && lhs.low == rhs.low
    }
}

/// How strong a correlation is, in words a person reads without statistics.
public enum CorrelationStrength: String, Sendable {
    case none, weak, moderate, strong

    /// The usual rough bands: below 0.1 none, below 0.3 weak, below 0.5 moderate, else strong.
    public init(_ r: Double) {
        switch abs(r) {
        case ..<0.1: self = .none
        case ..<0.3: self = .weak
        case ..<0.5: self = .moderate
        default: self = .strong
        }
    }
}

extension RatingFocusSums {
    /// The fewest days with a rating before an insight is shown.
    public static let minimumDays = 14
}
