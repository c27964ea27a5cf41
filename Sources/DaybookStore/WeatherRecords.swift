import DaybookCore
import Foundation
import GRDB

extension AppDatabase: ConnectionsStore {
    public func loadConnections() async throws -> Connections {
        try await writer.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM connections WHERE id = 1") else { return .none }
            return Connections(
                weather: row["weather"], tileURL: row["tileURL"], tileAttribution: row["tileAttribution"],
                geocoderURL: row["geocoderURL"])
        }
    }

    public func saveConnections(_ connections: Connections) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO connections (id, weather, tileURL, tileAttribution, geocoderURL) VALUES (1, ?, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET weather = excluded.weather, tileURL = excluded.tileURL,
                      tileAttribution = excluded.tileAttribution, geocoderURL = excluded.geocoderURL
                    """,
                arguments: [
                    connections.weather, connections.tileURL, connections.tileAttribution, connections.geocoderURL,
                ])
        }
    }
}

extension AppDatabase: WeatherStore {
    public func weather(at key: WeatherKey) async throws -> WeatherObservation? {
        try await writer.read { db in
            try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT * FROM weatherObservation WHERE latitude = ? AND longitude = ? AND hour = ?"),
                arguments: [key.latitude, key.longitude, key.hour]
            ).flatMap { row in
                WeatherCondition(rawValue: row["condition"]).map {
                    WeatherObservation(
                        condition: $0, temperature: row["temperature"], high: row["high"], low: row["low"],
                        precipitation: row["precipitation"], wind: row["wind"])
                }
            }
        }
    }

    public func saveWeather(_ observation: WeatherObservation, at key: WeatherKey, fetchedAt: Date) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO weatherObservation
                      (latitude, longitude, hour, condition, temperature, high, low, precipitation, wind, fetchedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    key.latitude, key.longitude, key.hour, observation.condition.rawValue, observation.temperature,
                    observation.high, observation.low, observation.precipitation, observation.wind, fetchedAt,
                ])
            try db.execute(
                sql: "DELETE FROM weatherAttempt WHERE latitude = ? AND longitude = ? AND hour = ?",
                arguments: [key.latitude, key.longitude, key.hour])
        }
    }

    public func recordWeatherFailure(at key: WeatherKey, on date: Date, reason: String) async throws {
        try await write { db in
            let failures =
                try Int.fetchOne(
                    db, sql: "SELECT failures FROM weatherAttempt WHERE latitude = ? AND longitude = ? AND hour = ?",
                    arguments: [key.latitude, key.longitude, key.hour]) ?? 0
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO weatherAttempt (latitude, longitude, hour, failures, retryAt, reason)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    key.latitude, key.longitude, key.hour, failures + 1,
                    date.addingTimeInterval(WeatherRetry.wait(afterFailures: failures + 1)), String(reason.prefix(300)),
                ])
        }
    }

    /// Hours are whole hours since 1970 rounded down, before 1970 too, as `WeatherKey` counts them.
    public func pendingWeather(now: Date, limit: Int) async throws -> [WeatherKey] {
        try await writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT k.latitude, k.longitude, k.hour FROM (
                      SELECT latitude, longitude, (seconds - ((seconds % 3600) + 3600) % 3600) / 3600 AS hour FROM (
                        SELECT CAST(ROUND(latitude * 10) AS INTEGER) AS latitude,
                          CAST(ROUND(longitude * 10) AS INTEGER) AS longitude,
                          CAST(strftime('%s', moment) AS INTEGER) AS seconds
                        FROM journalEntry WHERE deletedAt IS NULL AND latitude IS NOT NULL)
                    ) k
                    LEFT JOIN weatherObservation o
                      ON o.latitude = k.latitude AND o.longitude = k.longitude AND o.hour = k.hour
                    LEFT JOIN weatherAttempt a
                      ON a.latitude = k.latitude AND a.longitude = k.longitude AND a.hour = k.hour
                    WHERE o.hour IS NULL AND (a.hour IS NULL OR (a.retryAt <= ? AND a.failures < ?))
                      AND k.hour BETWEEN ? AND ?
                    ORDER BY k.hour DESC LIMIT ?
                    """,
                arguments: [
                    now, WeatherRetry.attempts, WeatherRetry.earliestHour,
                    Int((now.timeIntervalSince1970 / 3600).rounded(.down)), max(limit, 0),
                ]
            ).map { WeatherKey(latitude: $0[0], longitude: $0[1], hour: $0[2]) }
        }
    }
}
