// Telemetry frame parsing and the flat JSON encoding used on Kafka, on the
// hub and in the offline buffer.
#include "iotbridge/telemetry.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace iotbridge {
namespace {

std::string escapeJson(const std::string& in) {
  std::string out;
  out.reserve(in.size());
  for (char c : in) {
    if (c == '"' || c == '\\') out.push_back('\\');
    if (static_cast<unsigned char>(c) < 0x20) continue;
    out.push_back(c);
  }
  return out;
}

// Finds "key": in a flat object and returns the raw value text.
std::optional<std::string> jsonField(const std::string& json, const std::string& key) {
  const std::string needle = "\"" + key + "\":";
  std::size_t pos = json.find(needle);
  if (pos == std::string::npos) return std::nullopt;
  pos += needle.size();
  if (pos < json.size() && json[pos] == '"') {
    std::string value;
    for (std::size_t i = pos + 1; i < json.size(); ++i) {
      if (json[i] == '\\' && i + 1 < json.size()) {
        value.push_back(json[++i]);
      } else if (json[i] == '"') {
        return value;
      } else {
        value.push_back(json[i]);
      }
    }
    return std::nullopt;
  }
  std::size_t end = json.find_first_of(",}", pos);
  if (end == std::string::npos) return std::nullopt;
  return json.substr(pos, end - pos);
}

}  // namespace

std::int64_t nowMs() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::optional<TelemetryRecord> parseFrame(const std::string& deviceId,
                                          const std::string& line) {
  std::istringstream in(line);
  std::string tag;
  TelemetryRecord rec;
  rec.deviceId = deviceId;
  if (!(in >> tag) || tag != "T") return std::nullopt;
  if (!(in >> rec.seq >> rec.metric >> rec.value)) return std::nullopt;
  if (!(in >> rec.timestampMs)) rec.timestampMs = nowMs();
  if (rec.metric.empty() || rec.metric.size() > 64) return std::nullopt;
  return rec;
}

std::string encodeRecord(const TelemetryRecord& record) {
  char value[64];
  std::snprintf(value, sizeof value, "%.6g", record.value);
  std::ostringstream out;
  out << "{\"device\":\"" << escapeJson(record.deviceId) << "\",\"seq\":" << record.seq
      << ",\"metric\":\"" << escapeJson(record.metric) << "\",\"value\":" << value
      << ",\"ts\":" << record.timestampMs << "}";
  return out.str();
}

std::optional<TelemetryRecord> decodeRecord(const std::string& json) {
  auto device = jsonField(json, "device");
  auto seq = jsonField(json, "seq");
  auto metric = jsonField(json, "metric");
  auto value = jsonField(json, "value");
  auto ts = jsonField(json, "ts");
  if (!device || !seq || !metric || !value || !ts) return std::nullopt;

  TelemetryRecord rec;
  char* end = nullptr;
  rec.deviceId = *device;
  rec.metric = *metric;
  rec.seq = std::strtoull(seq->c_str(), &end, 10);
  if (end == seq->c_str()) return std::nullopt;
  rec.value = std::strtod(value->c_str(), &end);
  if (end == value->c_str()) return std::nullopt;
  rec.timestampMs = std::strtoll(ts->c_str(), &end, 10);
  if (end == ts->c_str()) return std::nullopt;
  return rec;
}

}  // namespace iotbridge
