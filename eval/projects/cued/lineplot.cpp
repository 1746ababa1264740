// Loads the line plot with stdio: a "#cued-plot N" banner, then "set key
// value" settings and one "line NAME KIND ..." entry per axis. The banner is
// checked by checkBanner(), which closes the stream when it rejects the file.
#include "lineplot.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

namespace cued {

namespace {

constexpr int kMinPlotVersion = 2;

bool checkBanner(std::FILE *fp, const std::string &path, std::string &error) {
  char banner[64] = {};
  if (std::fgets(banner, sizeof banner, fp) == nullptr ||
      std::strncmp(banner, "#cued-plot ", 11) != 0) {
    error = path + ": not a line plot";
    std::fclose(fp);
    return false;
  }
  const int version = std::atoi(banner + 11);
  if (version < kMinPlotVersion) {
    error = path + ": plot version " + std::to_string(version) +
            " is too old, re-export it from the rigging plan";
    std::fclose(fp);
    return false;
  }
  return true;
}

double keyed(const std::string &token, const char *key, double fallback) {
  const std::size_t n = std::strlen(key);
  if (token.compare(0, n, key) == 0 && token.size() > n && token[n] == '=')
    return std::strtod(token.c_str() + n + 1, nullptr);
  return fallback;
}

} // namespace

const LineSpec *LinePlot::find(const std::string &name) const {
  for (const LineSpec &spec : lines_)
    if (spec.name == name)
      return &spec;
  return nullptr;
}

bool LinePlot::parseSetting(const std::string &key, const std::string &value) {
  ShowSettings &s = settings_;
  if (key == "book") s.bookPath = value;
  else if (key == "bus.device") s.busDevice = value;
  else if (key == "bus.baud") s.busBaud = std::atoi(value.c_str());
  else if (key == "kafka.brokers") s.brokers = value;
  else if (key == "kafka.positions") s.positionTopic = value;
  else if (key == "kafka.desk") s.deskTopic = value;
  else if (key == "plc.host") s.plcHost = value;
  else if (key == "plc.port") s.plcPort = static_cast<std::uint16_t>(std::atoi(value.c_str()));
  else if (key == "lighting.host") s.lightingHost = value;
  else if (key == "lighting.port") s.lightingPort = static_cast<std::uint16_t>(std::atoi(value.c_str()));
  else if (key == "spot.host") s.spotHost = value;
  else if (key == "spot.port") s.spotPort = static_cast<std::uint16_t>(std::atoi(value.c_str()));
  else if (key == "hazer.device") s.hazerDevice = value;
  else if (key == "stack") s.stackPath = value;
  else if (key == "cuelog") s.cueLogPath = value;
  else if (key == "presets") s.presetPath = value;
  else if (key == "report") s.reportPath = value;
  else if (key == "sheave") s.sheaveCounters.push_back(value);
  else if (key == "loadcell") s.loadCells.push_back(value);
  else if (key == "revolve.home") s.revolveHome = std::strtod(value.c_str(), nullptr);
  else return false;
  return true;
}

bool LinePlot::parseLine(const char *text, int lineNo) {
  std::istringstream in(text);
  std::string word;
  in >> word;
  if (word.empty() || word[0] == '#')
    return true;
  if (word == "set") {
    std::string key, value;
    in >> key >> value;
    if (parseSetting(key, value))
      return true;
    error_ = "line " + std::to_string(lineNo) + ": unknown setting " + key;
    return false;
  }
  if (word != "line") {
    error_ = "line " + std::to_string(lineNo) + ": unexpected '" + word + "'";
    return false;
  }
  LineSpec spec;
  in >> spec.name >> spec.kind;
  if (spec.kind == "servo") {
    in >> spec.busAddress;
  } else if (spec.kind == "vfd") {
    int port = 0;
    in >> spec.host >> port;
    spec.port = static_cast<std::uint16_t>(port);
  } else if (spec.kind != "sim") {
    error_ = "line " + std::to_string(lineNo) + ": unknown drive " + spec.kind;
    return false;
  }
  std::string token;
  while (in >> token) {
    spec.inTrim = keyed(token, "in", spec.inTrim);
    spec.outTrim = keyed(token, "out", spec.outTrim);
    spec.parkTrim = keyed(token, "park", spec.parkTrim);
    spec.maxSpeed = keyed(token, "speed", spec.maxSpeed);
  }
  lines_.push_back(std::move(spec));
  return true;
}

bool LinePlot::load(const std::string &path) {
  lines_.clear();
  settings_ = ShowSettings{};
  error_.clear();

  std::FILE *fp = std::fopen(path.c_str(), "r");
  if (fp == nullptr) {
    error_ = path + ": " + std::strerror(errno);
    return false;
  }
  if (!checkBanner(fp, path, error_)) {
    std::fclose(fp); // BUG: double-close
    return false;
  }

  char text[512];
  int lineNo = 1;
  while (std::fgets(text, sizeof text, fp) != nullptr) {
    ++lineNo;
    if (!parseLine(text, lineNo)) {
      error_ = path + ": " + error_;
      std::fclose(fp);
      return false;
    }
  }
  const bool readFailed = std::ferror(fp) != 0;
  std::fclose(fp); // OK: the early returns above each closed and left
  if (readFailed) {
    error_ = path + ": read error";
    return false;
  }
  if (lines_.empty()) {
    error_ = path + ": no linesets";
    return false;
  }
  return true;
}

} // namespace cued
