// LinkRegistry: bank id -> command link. Per-bank operations (attach,
// detach, migrate, take out, push) and whole-table passes (broadcast, idle
// sweep, reap, close all), all under the registry mutex.
#include "link_registry.h"

#include "diag_log.h"

#include <utility>

Status LinkRegistry::attach(std::shared_ptr<BankLink> link) {
  if (!link)
    return Status::rejected("attach without a link");
  std::lock_guard<std::mutex> lock(mutex_);
  std::shared_ptr<BankLink> &slot = links_[link->bankId()];
  if (slot)
    slot->close();
  slot = std::move(link);
  return Status::success();
}

Status LinkRegistry::detach(const std::string &bankId) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = links_.find(bankId);
  if (it == links_.end())
    return Status::notFound("bank " + bankId);
  it->second->close();
  return Status::success();
}

Status LinkRegistry::migrate(const std::string &bankId, std::shared_ptr<BankLink> replacement) {
  if (!replacement)
    return Status::rejected("no replacement link for bank " + bankId);
  if (replacement->bankId() != bankId)
    return Status::rejected("link for " + replacement->bankId() + " cannot serve " + bankId);
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = links_.find(bankId);
  if (it == links_.end())
    return Status::notFound("bank " + bankId);
  std::shared_ptr<BankLink> previous = std::exchange(it->second, std::move(replacement));
  previous->close();
  it->second->push(timeSync(std::time(nullptr))); // OK
  return Status::success();
}

std::shared_ptr<BankLink> LinkRegistry::takeOut(const std::string &bankId) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = links_.find(bankId);
  if (it == links_.end())
    return nullptr;
  std::shared_ptr<BankLink> link = std::move(it->second);
  links_.erase(it);
  return link;
}

std::shared_ptr<BankLink> LinkRegistry::find(const std::string &bankId) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = links_.find(bankId);
  return it == links_.end() ? nullptr : it->second;
}

bool LinkRegistry::isOnline(const std::string &bankId) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = links_.find(bankId);
  return it != links_.end() && !it->second->isClosed();
}

void LinkRegistry::touch(const std::string &bankId) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = links_.find(bankId);
  if (it != links_.end())
    it->second->touch();
}

PushResult LinkRegistry::pushTo(const std::string &bankId, const Command &cmd) {
  std::lock_guard<std::mutex> lock(mutex_);
  PushResult result;
  result.bankId = bankId;
  auto it = links_.find(bankId);
  if (it == links_.end()) {
    result.error = "unknown bank";
    return result;
  }
  it->second->push(cmd); // SAME: retire
  result.delivered = true;
  return result;
}

std::size_t LinkRegistry::broadcast(const Command &cmd) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::size_t sent = 0;
  for (auto &entry : links_) {
    if (entry.second->state() == LinkState::Closed)
      continue;
    entry.second->push(cmd); // OK
    ++sent;
  }
  return sent;
}

std::size_t LinkRegistry::sweepIdle(std::chrono::seconds maxIdle, const Command &sync) {
  const auto now = std::chrono::steady_clock::now();
  std::lock_guard<std::mutex> lock(mutex_);
  std::size_t closed = 0;
  for (auto &entry : links_) {
    BankLink &link = *entry.second;
    if (link.isClosed())
      continue;
    if (now - link.lastSeen() > maxIdle) {
      link.close();
      ++closed;
    }
  }
  for (auto &entry : links_)
    entry.second->push(sync); // BUG: use-after-close
  return closed;
}

std::size_t LinkRegistry::reap() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::size_t reaped = 0;
  for (auto it = links_.begin(); it != links_.end();) {
    if (it->second->isClosed()) {
      it = links_.erase(it);
      ++reaped;
    } else {
      ++it;
    }
  }
  return reaped;
}

void LinkRegistry::closeAll(const Command &farewell) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto &entry : links_) {
    if (!entry.second->isClosed())
      entry.second->push(farewell); // OK
    entry.second->close(); // OK
  }
  links_.clear();
}

std::vector<std::string> LinkRegistry::onlineBanks() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> ids;
  for (const auto &entry : links_)
    if (!entry.second->isClosed())
      ids.push_back(entry.first);
  return ids;
}

std::vector<std::string> LinkRegistry::offlineBanks() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> ids;
  for (const auto &entry : links_)
    if (entry.second->isClosed())
      ids.push_back(entry.first);
  return ids;
}

void retireLink(std::shared_ptr<BankLink> link, const std::string &why, DiagLog &diag) {
  if (!link)
    return;
  diag.warn("bank %s: link retired (%s) after %llu frames", link->bankId().c_str(), why.c_str(),
            static_cast<unsigned long long>(link->framesSent()));
  link->close();
}
