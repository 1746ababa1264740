// SiteTimeService: the Meyers singleton holding the maser time-server line.
// stamp() asks the server; stampOr() checks the line under the same mutex as
// close() and falls back instead of asking a closed line.
#include "site_time.h"

SiteTimeService &SiteTimeService::instance() {
  static SiteTimeService service;
  return service;
}

void SiteTimeService::connect(const std::string &host, std::uint16_t port) {
  std::lock_guard<std::mutex> lock(mu_);
  maser_.open(host, port);
}

std::string SiteTimeService::stamp() {
  std::lock_guard<std::mutex> lock(mu_);
  return maser_.query("UTC?"); // SAME: maser-stamp
}

std::string SiteTimeService::stampOr(const std::string &fallback) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!maser_)
    return fallback;
  return maser_.query("UTC?"); // OK
}

void SiteTimeService::close() {
  std::lock_guard<std::mutex> lock(mu_);
  maser_.close();
}
