// SiteTimeService: the process-wide connection to the hydrogen maser's time
// server, used for time stamps that must agree with the correlator's.
#pragma once
#include "netline.h"
#include <cstdint>
#include <mutex>
#include <string>

class SiteTimeService {
public:
  static SiteTimeService &instance();
  void connect(const std::string &host, std::uint16_t port);
  /// Maser UTC; throws std::runtime_error once closed.
  std::string stamp();
  /// Maser UTC, or `fallback` once closed.
  std::string stampOr(const std::string &fallback);
  void close();

  SiteTimeService(const SiteTimeService &) = delete;
  SiteTimeService &operator=(const SiteTimeService &) = delete;

private:
  SiteTimeService() = default;
  std::mutex mu_;
  NetLine maser_;
};
