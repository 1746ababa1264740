// AirlogDump: the last few hundred air-log lines kept in memory and written
// out on the engineer's request.
#pragma once
#include <cstddef>
#include <deque>
#include <string>

class AirlogDump {
public:
  explicit AirlogDump(std::size_t capacity) : capacity_(capacity) {}
  void note(std::string line);
  bool writeTo(const std::string &path) const;
  bool appendSummary(const std::string &path) const;

private:
  std::size_t capacity_;
  std::deque<std::string> lines_;
};
