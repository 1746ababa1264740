// HourRollover: drives the as-run log through the broadcast clock (top of
// hour, presenter shift changes) and keeps the size of sealed hours.
#pragma once
#include <string>

class AsrunWriter;

class HourRollover {
public:
  explicit HourRollover(AsrunWriter &log);

  void onTopOfHour(const std::string &stamp);
  void onShiftChange(const std::string &stamp, const std::string &presenter);
  void sealAndRoll(const std::string &stamp);
  long long sealedBytes() const { return sealedBytes_; }

private:
  AsrunWriter &log_;
  long long sealedBytes_ = 0;
};
