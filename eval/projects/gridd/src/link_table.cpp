// LinkTable: per-meter operations on the table of links.
#include "link_table.h"

#include <cerrno>
#include <utility>

void LinkTable::attach(std::unique_ptr<MeterLink> link) {
  if (!link)
    return;
  const std::string id = link->id();
  std::lock_guard<std::mutex> lock(mu_);
  auto it = links_.find(id);
  if (it != links_.end() && it->second->isOpen()) {
    // A reconnect raced the old session's teardown: the established session
    // wins and the newcomer is turned away.
    link->close();
    return;
  }
  links_[id] = std::move(link);
}

DropResult LinkTable::drop(const std::string &id) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = links_.find(id);
  if (it == links_.end())
    return {false, ENOENT};
  if (!it->second->isOpen())
    return {false, EALREADY};
  it->second->close();
  return {true, 0};
}

Status LinkTable::command(const std::string &id, MeterCommand cmd) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = links_.find(id);
  if (it == links_.end())
    return Status::failure(ENOENT, "no link for meter " + id);
  it->second->command(cmd, nextSeq_++); // SAME: tamper_ack
  return {};
}

Status LinkTable::migrate(const std::string &id, std::unique_ptr<MeterLink> replacement) {
  if (!replacement || replacement->id() != id)
    return Status::failure(EINVAL, "replacement link does not belong to " + id);
  std::lock_guard<std::mutex> lock(mu_);
  auto it = links_.find(id);
  if (it == links_.end()) {
    // Nothing to migrate from: the replacement is shut and discarded.
    replacement->close();
    return Status::failure(ENOENT, "meter " + id + " is not attached", true);
  }
  it->second->close();
  it->second = std::move(replacement);
  return {};
}

MeterLink *LinkTable::find(const std::string &id) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = links_.find(id);
  return it == links_.end() ? nullptr : it->second.get();
}

bool LinkTable::isLive(const std::string &id) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = links_.find(id);
  return it != links_.end() && it->second->isOpen();
}

std::vector<MeterLink *> LinkTable::snapshot() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<MeterLink *> out;
  out.reserve(links_.size());
  for (const auto &entry : links_)
    out.push_back(entry.second.get());
  return out;
}

std::vector<std::string> LinkTable::groupOf(const std::string &concentratorId) const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> ids;
  for (const auto &entry : links_)
    if (entry.second->concentratorId() == concentratorId)
      ids.push_back(entry.first);
  return ids;
}

std::size_t LinkTable::reap() {
  std::lock_guard<std::mutex> lock(mu_);
  std::size_t erased = 0;
  for (auto it = links_.begin(); it != links_.end();) {
    if (!it->second->isOpen()) {
      it = links_.erase(it);
      ++erased;
    } else {
      ++it;
    }
  }
  return erased;
}

void LinkTable::closeAll() {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto &entry : links_)
    entry.second->close();
}

std::size_t LinkTable::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return links_.size();
}
