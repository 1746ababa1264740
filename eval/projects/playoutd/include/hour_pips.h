// HourPips: the process-wide time-signal journal (pips, legal IDs, daemon
// milestones), reached through instance().
#pragma once
#include <cstdio>
#include <mutex>
#include <string>

class HourPips {
public:
  static HourPips &instance();
  bool open(const std::string &path);
  void mark(const std::string &what);
  void close();

private:
  HourPips() = default;
  ~HourPips();
  HourPips(const HourPips &) = delete;
  HourPips &operator=(const HourPips &) = delete;

  std::mutex mu_;
  std::FILE *fp_ = nullptr;
};
