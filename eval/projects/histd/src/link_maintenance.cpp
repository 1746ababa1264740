// LinkMaintenance: commissioning of new controllers, identity reads and PLC
// clock synchronisation. Runs on the main thread while the poll pool is idle.
#include "link_maintenance.h"

#include "log.h"

#include <algorithm>
#include <ctime>
#include <set>

namespace histd {
namespace {

// Opens a link for one maintenance operation and leaves it as it was found.
class TemporaryOpen {
public:
  explicit TemporaryOpen(PlcLink &link) : link_(link), wasOpen_(link.isOpen()) {
    if (!wasOpen_)
      link_.open();
  }
  ~TemporaryOpen() {
    if (!wasOpen_)
      link_.close();
  }
  TemporaryOpen(const TemporaryOpen &) = delete;
  TemporaryOpen &operator=(const TemporaryOpen &) = delete;

private:
  PlcLink &link_;
  bool wasOpen_;
};

// PLC clock layout: year, month * 256 + day, hour * 256 + minute, millis of minute.
std::vector<uint16_t> encodeClock(int64_t micros) {
  const std::time_t secs = static_cast<std::time_t>(micros / 1000000);
  std::tm tm {};
  gmtime_r(&secs, &tm);
  const int millis = tm.tm_sec * 1000 + static_cast<int>((micros / 1000) % 1000);
  return {static_cast<uint16_t>(tm.tm_year + 1900),
          static_cast<uint16_t>((tm.tm_mon + 1) * 256 + tm.tm_mday),
          static_cast<uint16_t>(tm.tm_hour * 256 + tm.tm_min), static_cast<uint16_t>(millis)};
}

std::string formatClock(const std::vector<uint16_t> &regs) {
  if (regs.size() < 4)
    return "?";
  char buf[48];
  std::snprintf(buf, sizeof buf, "%04u-%02u-%02u %02u:%02u:%06.3f", regs[0], regs[1] >> 8,
                regs[1] & 0xff, regs[2] >> 8, regs[2] & 0xff, regs[3] / 1000.0);
  return buf;
}

} // namespace

bool LinkMaintenance::probe(PlcLink &link) {
  for (int attempt = 0; attempt < 2; ++attempt) {
    try {
      if (!link.isOpen())
        link.open();
      const std::vector<uint16_t> ident = link.readRegisters(kIdentityReg, kIdentityWords); // OK
      return ident.size() == kIdentityWords && ident[0] != 0;
    } catch (const LinkTimeout &e) {
      log::warn("%s: identity read timed out", link.id().c_str());
      if (attempt == 0)
        link.close(); // OK
    } catch (const std::exception &e) {
      log::warn("%s: probe failed: %s", link.id().c_str(), e.what());
      return false;
    }
  }
  return false;
}

bool LinkMaintenance::commission(const ControllerConfig &controller, int timeoutMs) {
  auto link = std::make_unique<PlcLink>(controller.id, controller.endpoint, timeoutMs);
  if (!probe(*link))
    return false;
  PlcLink *raw = link.get();
  table_.adopt(std::move(link));
  raw->writeCoil(kHistorianOnlineCoil, true); // BUG: use-after-close
  log::info("%s: commissioned at %s", controller.id.c_str(), controller.endpoint.str().c_str());
  return true;
}

void LinkMaintenance::applyControllers(const std::vector<ControllerConfig> &controllers,
                                       int timeoutMs) {
  std::set<std::string> wanted;
  for (const ControllerConfig &c : controllers) {
    wanted.insert(c.id);
    PlcLink *current = table_.find(c.id);
    if (!current) {
      if (!commission(c, timeoutMs))
        log::warn("%s: not reachable yet, the poller will keep trying", c.id.c_str());
      continue;
    }
    if (current->endpoint() == c.endpoint)
      continue;
    log::info("%s: endpoint changed to %s", c.id.c_str(), c.endpoint.str().c_str());
    table_.replace(c.id, std::make_unique<PlcLink>(c.id, c.endpoint, timeoutMs));
    try {
      table_.connect(c.id);
      table_.find(c.id)->writeCoil(kHistorianOnlineCoil, true); // OK
    } catch (const std::exception &e) {
      log::warn("%s: %s", c.id.c_str(), e.what());
    }
  }
  for (const std::string &id : table_.ids()) {
    if (!wanted.count(id)) {
      log::info("%s: removed from configuration", id.c_str());
      table_.erase(id);
    }
  }
}

std::vector<uint16_t> LinkMaintenance::readIdentity(const std::string &id) {
  table_.connect(id);
  PlcLink *link = table_.find(id);
  if (!link)
    throw std::out_of_range("unknown controller " + id);
  return link->readRegisters(kIdentityReg, kIdentityWords); // BUG: use-after-close
}

void LinkMaintenance::syncClock(const std::string &id) {
  PlcLink *link = table_.find(id);
  if (!link)
    return;
  std::vector<uint16_t> before;
  {
    TemporaryOpen session(*link);
    before = link->readRegisters(kClockReg, 4); // OK
    link->writeRegisters(kClockReg, encodeClock(nowMicros()));
  }
  const std::vector<uint16_t> after = link->readRegisters(kClockReg, 4); // BUG: use-after-close
  log::info("%s: clock %s -> %s", id.c_str(), formatClock(before).c_str(),
            formatClock(after).c_str());
}

} // namespace histd
