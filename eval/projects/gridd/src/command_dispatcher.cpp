// CommandDispatcher: applies the billing system's relay orders from the
// spool directory and confirms them on the billing topic.
#include "command_dispatcher.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <utility>

#include "clock.h"
#include "stats.h"

namespace {

bool parseCommand(const char *word, MeterCommand &out) {
  if (std::strcmp(word, "disconnect") == 0)
    out = MeterCommand::Disconnect;
  else if (std::strcmp(word, "reconnect") == 0)
    out = MeterCommand::Reconnect;
  else if (std::strcmp(word, "read") == 0)
    out = MeterCommand::ReadNow;
  else
    return false;
  return true;
}

bool parseOrder(const char *line, RelayOrder &out) {
  char orderId[64], meterId[64], command[32];
  if (std::sscanf(line, "%63s %63s %31s", orderId, meterId, command) != 3)
    return false;
  if (!parseCommand(command, out.cmd))
    return false;
  out.orderId = orderId;
  out.meterId = meterId;
  return true;
}

bool endsWith(const std::string &s, const char *suffix) {
  const std::size_t n = std::strlen(suffix);
  return s.size() > n && s.compare(s.size() - n, n, suffix) == 0;
}

} // namespace

CommandDispatcher::CommandDispatcher(LinkTable &links, const TamperMonitor &tamper,
                                     AuditLog &audit, std::string spoolDir)
    : links_(links), tamper_(tamper), audit_(audit), spoolDir_(std::move(spoolDir)) {}

void CommandDispatcher::bind(std::shared_ptr<BillingPublisher> publisher) {
  publisher_ = std::move(publisher);
}

std::size_t CommandDispatcher::scanSpool() {
  DIR *dir = ::opendir(spoolDir_.c_str());
  if (!dir)
    return 0;
  std::vector<std::string> files;
  while (const dirent *de = ::readdir(dir)) {
    const std::string name = de->d_name;
    if (endsWith(name, ".ord"))
      files.push_back(spoolDir_ + "/" + name);
  }
  ::closedir(dir);
  std::sort(files.begin(), files.end());

  std::size_t applied = 0;
  for (const std::string &path : files) {
    std::vector<RelayOrder> orders;
    if (!loadOrders(path, orders)) {
      std::rename(path.c_str(), (path + ".rejected").c_str());
      continue;
    }
    applied += processFile(path, orders);
  }
  return applied;
}

bool CommandDispatcher::loadOrders(const std::string &path, std::vector<RelayOrder> &out) {
  std::FILE *fp = std::fopen(path.c_str(), "r");
  if (!fp)
    return false;
  char line[256];
  while (std::fgets(line, sizeof line, fp)) {
    if (line[0] == '#' || line[0] == '\n')
      continue;
    RelayOrder order;
    if (!parseOrder(line, order)) {
      audit_.record("dispatch: malformed order in %s, file rejected", path.c_str());
      std::fclose(fp);
      return false;
    }
    out.push_back(std::move(order));
  }
  const bool readError = std::ferror(fp) != 0; // OK
  std::fclose(fp); // OK
  return !readError;
}

std::size_t CommandDispatcher::processFile(const std::string &path,
                                           const std::vector<RelayOrder> &orders) {
  const std::string receiptPath = path + ".rcpt";
  std::FILE *receipts = std::fopen(receiptPath.c_str(), "w");
  if (!receipts) {
    audit_.record("dispatch: cannot write %s: %s", receiptPath.c_str(), std::strerror(errno));
    return 0;
  }
  std::size_t applied = 0;
  for (const RelayOrder &order : orders) {
    const Status st = apply(order);
    const std::string outcome = st.ok() ? std::string("sent") : st.detail;
    std::fprintf(receipts, "%s %s %s\n", order.orderId.c_str(), commandName(order.cmd), outcome.c_str()); // BUG: use-after-close
    if (st.fatal) {
      audit_.record("dispatch: %s held at order %s: %s", path.c_str(), order.orderId.c_str(),
                    st.detail.c_str());
      std::fclose(receipts); // BUG: double-close
      std::rename(path.c_str(), (path + ".held").c_str());
    }
    if (st.ok())
      ++applied;
  }
  std::fclose(receipts); // BUG: double-close
  std::rename(path.c_str(), (path + ".done").c_str());
  return applied;
}

Status CommandDispatcher::apply(const RelayOrder &order) {
  if (order.cmd == MeterCommand::Reconnect && tamper_.isQuarantined(order.meterId))
    return Status::failure(EPERM, "meter quarantined after tamper, reconnect needs a site visit",
                           true);
  if (!links_.isLive(order.meterId)) {
    parked_.push_back(order);
    return Status::failure(ENOTCONN, "meter offline, order parked");
  }
  const Status st = links_.command(order.meterId, order.cmd); // OK
  if (st.ok()) {
    ++counters().commands;
    inflight_[order.meterId] = order;
    confirm(order, "sent");
  }
  return st;
}

std::size_t CommandDispatcher::replayParked(const std::string &meterId) {
  std::size_t sent = 0;
  for (auto it = parked_.begin(); it != parked_.end();) {
    if (it->meterId != meterId) {
      ++it;
      continue;
    }
    if (!links_.isLive(meterId))
      break;
    links_.command(meterId, it->cmd); // OK
    ++counters().commands;
    inflight_[meterId] = *it;
    confirm(*it, "sent-after-reconnect");
    it = parked_.erase(it);
    ++sent;
  }
  return sent;
}

void CommandDispatcher::onAck(const std::string &meterId, std::uint32_t seq) {
  auto it = inflight_.find(meterId);
  if (it == inflight_.end())
    return;
  audit_.record("dispatch: %s acknowledged %s (seq %u)", meterId.c_str(),
                commandName(it->second.cmd), seq);
  confirm(it->second, "acknowledged");
  inflight_.erase(it);
}

void CommandDispatcher::confirm(const RelayOrder &order, const char *outcome) {
  if (!publisher_)
    return;
  BillingEvent ev;
  ev.meterId = order.meterId;
  ev.kind = "relay";
  ev.at = nowSeconds();
  ev.payload = order.orderId + ":" + commandName(order.cmd) + ":" + outcome;
  if (!publisher_->tryPublish(ev))
    audit_.record("dispatch: confirmation of %s not published", order.orderId.c_str());
}
