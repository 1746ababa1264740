// Telemetry records and their encodings.
//
// Devices send one reading per line: "T <seq> <metric> <value> [<ts-ms>]".
// Inside the bridge a record travels as a TelemetryRecord; on Kafka, in the
// offline buffer and on the hub it is a flat JSON object produced by
// encodeRecord() and read back by decodeRecord().
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace iotbridge {

struct TelemetryRecord {
  std::string deviceId;
  std::uint64_t seq = 0;
  std::string metric;
  double value = 0.0;
  std::int64_t timestampMs = 0;
};

// Milliseconds since the epoch (system clock).
std::int64_t nowMs();

// Parses a device frame; std::nullopt when the line is not a telemetry frame.
std::optional<TelemetryRecord> parseFrame(const std::string& deviceId,
                                          const std::string& line);

std::string encodeRecord(const TelemetryRecord& record);
std::optional<TelemetryRecord> decodeRecord(const std::string& json);

}  // namespace iotbridge
