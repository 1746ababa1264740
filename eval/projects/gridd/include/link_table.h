// All meter links, keyed by meter id. A dropped link is closed but stays in
// the table (so the outage detector can still read lastSeen()) until reap().
// attach() refuses a newcomer while the meter already has a live session.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "meter_link.h"
#include "status.h"

class LinkTable {
public:
  void attach(std::unique_ptr<MeterLink> link);
  DropResult drop(const std::string &id);
  Status command(const std::string &id, MeterCommand cmd);
  Status migrate(const std::string &id, std::unique_ptr<MeterLink> replacement);

  MeterLink *find(const std::string &id) const;
  bool isLive(const std::string &id) const;
  std::vector<MeterLink *> snapshot() const;
  std::vector<std::string> groupOf(const std::string &concentratorId) const;
  std::size_t reap();
  void closeAll();
  std::size_t size() const;

private:
  mutable std::mutex mu_;
  std::map<std::string, std::unique_ptr<MeterLink>> links_;
  std::uint32_t nextSeq_ = 1;
};
