// Temperature log of the chilled compartments: one CSV row per reading and
// a snapshot of the latest reading per compartment for the nightly report.
#pragma once
#include "door_event.h"
#include "row_writer.h"
#include "status.h"
#include "stdio_file.h"

#include <ctime>
#include <map>
#include <string>
#include <utility>

class DiagLog;

class TemperatureRecorder {
public:
  TemperatureRecorder(std::string path, double maxCelsius, DiagLog &diag);

  bool isOpen() const { return static_cast<bool>(file_); }
  void record(const DoorEvent &ev);
  Status reopen(const std::string &path);
  Status writeSnapshot(const std::string &path) const;
  void noteReload();
  void close();

private:
  struct Reading {
    double celsius = 0.0;
    std::time_t at = 0;
  };

  std::string path_;
  const double maxCelsius_;
  DiagLog &diag_;
  std::map<std::pair<std::string, int>, Reading> latest_;
  RowWriter rows_;
  StdioFile file_;
};
