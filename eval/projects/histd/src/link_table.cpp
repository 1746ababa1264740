// LinkTable: owns the PLC links, hands them to the poll tasks by id and
// keeps the reconnect back-off of dropped links.
#include "link_table.h"

#include "log.h"

#include <stdexcept>

namespace histd {

LinkTable::LinkTable(Factory factory, int backoffMs)
    : factory_(std::move(factory)), backoffMicros_(int64_t(backoffMs) * 1000) {}

bool LinkTable::adopt(std::unique_ptr<PlcLink> link) {
  std::lock_guard<std::mutex> lock(mu_);
  std::unique_ptr<PlcLink> &slot = links_[link->id()];
  if (slot && slot->isOpen()) {
    log::warn("link %s is already connected, dropping the new connection", link->id().c_str());
    link->close();
    return false;
  }
  if (slot)
    slot->close(); // OK
  retryAt_.erase(link->id());
  slot = std::move(link);
  return true;
}

void LinkTable::connect(const std::string &id) {
  PlcLink *link = nullptr;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = links_.find(id);
    if (it == links_.end()) {
      if (!factory_)
        throw std::out_of_range("unknown controller " + id);
      it = links_.emplace(id, factory_(id)).first;
    }
    link = it->second.get();
    if (link->isOpen())
      return;
    auto retry = retryAt_.find(id);
    if (retry != retryAt_.end() && nowMicros() < retry->second)
      return;
  }
  link->open(); // OK
  std::lock_guard<std::mutex> lock(mu_);
  retryAt_.erase(id);
}

void LinkTable::drop(const std::string &id) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = links_.find(id);
  if (it == links_.end())
    return;
  it->second->close();
  retryAt_[id] = nowMicros() + backoffMicros_;
}

PollResult LinkTable::poll(const std::string &id, const TagGroup &group) {
  PlcLink *link = nullptr;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = links_.find(id);
    if (it == links_.end())
      throw std::out_of_range("unknown controller " + id);
    link = it->second.get();
  }
  return link->poll(group); // SAME: quarantine-retry
}

void LinkTable::replace(const std::string &id, std::unique_ptr<PlcLink> fresh) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = links_.find(id);
  if (it != links_.end())
    it->second->close(); // OK
  links_[id] = std::move(fresh);
  retryAt_.erase(id);
}

void LinkTable::erase(const std::string &id) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = links_.find(id);
  if (it == links_.end())
    return;
  it->second->close(); // OK
  links_.erase(it);
  retryAt_.erase(id);
}

PlcLink *LinkTable::find(const std::string &id) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = links_.find(id);
  return it == links_.end() ? nullptr : it->second.get();
}

bool LinkTable::isUp(const std::string &id) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = links_.find(id);
  return it != links_.end() && it->second->isOpen();
}

std::vector<std::string> LinkTable::ids() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> out;
  out.reserve(links_.size());
  for (const auto &entry : links_)
    out.push_back(entry.first);
  return out;
}

void LinkTable::forEach(const std::function<void(PlcLink &)> &fn) {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto &entry : links_)
    fn(*entry.second);
}

void LinkTable::setBackoff(int backoffMs) {
  std::lock_guard<std::mutex> lock(mu_);
  backoffMicros_ = int64_t(backoffMs) * 1000;
}

void LinkTable::closeAll() {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto &entry : links_)
    entry.second->close();
  // Tell the PLC programs nobody is collecting any more so they start
  // buffering locally.
  for (auto &entry : links_)
    entry.second->writeCoil(kHistorianOnlineCoil, false); // BUG: use-after-close
}

} // namespace histd
