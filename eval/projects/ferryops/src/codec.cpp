// Frame factories and the text encodings used on the wire and in files:
// boarding events, batches, telemetry samples and counters, plus a minimal
// NMEA RMC/HDT parser. Pure data transformations.
#include "types.h"

#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <utility>

namespace ferry {

Frame Frame::heartbeat(GateId gate) { return Frame{FrameType::Heartbeat, "HB " + std::to_string(gate)}; }
Frame Frame::notice(std::string text) { return Frame{FrameType::Notice, std::move(text)}; }
Frame Frame::config(std::string body) { return Frame{FrameType::Config, std::move(body)}; }
Frame Frame::ack(std::string body) { return Frame{FrameType::Ack, std::move(body)}; }
Frame Frame::error(std::string what) { return Frame{FrameType::Error, std::move(what)}; }

std::int64_t nowMillis() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::string encodeEvent(const BoardingEvent &e) {
  std::ostringstream os;
  os << e.sailingId << ';' << e.ticket << ';' << e.gate << ';' << e.atMs << ';'
     << (e.vehicle ? 'V' : 'P');
  return os.str();
}

std::string encodeBatch(const std::vector<BoardingEvent> &batch) {
  std::string out;
  for (const BoardingEvent &e : batch) {
    out += encodeEvent(e);
    out += '\n';
  }
  return out;
}

std::string encodeSample(const TelemetrySample &s) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "FIX %.6f %.6f HDG %.1f SOG %.1f T %lld", s.lat, s.lon,
                s.headingDeg, s.speedKn, static_cast<long long>(s.atMs));
  return buf;
}

std::string encodeCounters(const TerminalCounters &c) {
  std::ostringstream os;
  os << "boarded=" << c.boarded << " vehicles=" << c.vehicles << " rejected=" << c.rejected
     << " gates=" << c.gatesOpen;
  return os.str();
}

namespace {
std::vector<std::string> splitFields(const std::string &line) {
  std::vector<std::string> fields;
  std::string cur;
  for (char ch : line) {
    if (ch == ',' || ch == '*') {
      fields.push_back(cur);
      cur.clear();
    } else {
      cur += ch;
    }
  }
  fields.push_back(cur);
  return fields;
}

double nmeaDegrees(const std::string &value, const std::string &hemi) {
  if (value.size() < 4)
    return 0;
  const double raw = std::atof(value.c_str());
  const int deg = static_cast<int>(raw / 100);
  double out = deg + (raw - deg * 100) / 60.0;
  if (hemi == "S" || hemi == "W")
    out = -out;
  return out;
}
} // namespace

bool parseNmea(const std::string &line, TelemetrySample &out) {
  if (line.size() < 6 || line[0] != '$')
    return false;
  const std::vector<std::string> f = splitFields(line);
  if (f[0].size() >= 6 && f[0].compare(3, 3, "RMC") == 0 && f.size() > 8) {
    out.lat = nmeaDegrees(f[3], f[4]);
    out.lon = nmeaDegrees(f[5], f[6]);
    out.speedKn = std::atof(f[7].c_str());
    out.atMs = nowMillis();
    return true;
  }
  if (f[0].size() >= 6 && f[0].compare(3, 3, "HDT") == 0 && f.size() > 1) {
    out.headingDeg = std::atof(f[1].c_str());
    return true;
  }
  return false;
}

} // namespace ferry
