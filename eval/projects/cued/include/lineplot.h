// The line plot: the flying system's linesets, the controller that drives
// each one, their trims, and the show-wide settings of the daemon.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace cued {

struct LineSpec {
  std::string name;  // "LS-14", "IRON", "REV"
  std::string kind;  // "servo", "vfd" or "sim"
  int busAddress = 0;          // servo: address on the RS-485 drive bus
  std::string host;            // vfd: controller address
  std::uint16_t port = 0;
  double inTrim = 0.0;         // metres above the deck
  double outTrim = 0.0;
  double parkTrim = 0.0;
  double maxSpeed = 0.5;       // metres per second
};

struct ShowSettings {
  std::string bookPath = "/var/lib/cued/promptbook.log";
  std::string busDevice = "/dev/ttyRS485-0";
  int busBaud = 115200;
  std::string brokers = "localhost:9092";
  std::string positionTopic = "stage.positions";
  std::string deskTopic = "stage.desk";
  std::string plcHost;
  std::uint16_t plcPort = 0;
  std::string lightingHost;
  std::uint16_t lightingPort = 0;
  std::string spotHost;
  std::uint16_t spotPort = 0;
  std::string hazerDevice = "/dev/dmx0";
  std::string stackPath;
  std::string cueLogPath;
  std::string presetPath;
  std::string reportPath;
  std::vector<std::string> sheaveCounters;
  std::vector<std::string> loadCells;
  double revolveHome = 0.0;
};

class LinePlot {
public:
  /// Loads a plot file. Returns false and fills error() if it is malformed.
  bool load(const std::string &path);

  const std::vector<LineSpec> &lines() const { return lines_; }
  const LineSpec *find(const std::string &name) const;
  const ShowSettings &settings() const { return settings_; }
  const std::string &error() const { return error_; }

private:
  bool parseLine(const char *text, int lineNo);
  bool parseSetting(const std::string &key, const std::string &value);

  std::vector<LineSpec> lines_;
  ShowSettings settings_;
  std::string error_;
};

} // namespace cued
