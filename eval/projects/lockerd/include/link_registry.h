// Command links of every connected bank, keyed by bank id. A detached link
// stays listed as offline until reap(), so the console can still show its
// counters. pushTo() throws if the bank's link is offline.
#pragma once
#include "bank_link.h"
#include "command_codec.h"
#include "status.h"

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

class DiagLog;

class LinkRegistry {
public:
  LinkRegistry() = default;
  LinkRegistry(const LinkRegistry &) = delete;
  LinkRegistry &operator=(const LinkRegistry &) = delete;

  // Adds the link; a previous link for the same bank is closed and replaced.
  Status attach(std::shared_ptr<BankLink> link);
  // Closes the bank's link and marks it offline.
  Status detach(const std::string &bankId);
  // Moves a known bank onto a new link and closes the old one.
  Status migrate(const std::string &bankId, std::shared_ptr<BankLink> replacement);
  // Removes the bank from the table and hands its link to the caller.
  std::shared_ptr<BankLink> takeOut(const std::string &bankId);

  std::shared_ptr<BankLink> find(const std::string &bankId) const;
  bool isOnline(const std::string &bankId) const;
  void touch(const std::string &bankId);

  PushResult pushTo(const std::string &bankId, const Command &cmd);
  std::size_t broadcast(const Command &cmd);

  // Closes links that have been silent for longer than maxIdle, then sends
  // the time sync. Returns how many links were closed.
  std::size_t sweepIdle(std::chrono::seconds maxIdle, const Command &sync);
  // Forgets offline links.
  std::size_t reap();
  void closeAll(const Command &farewell);

  std::vector<std::string> onlineBanks() const;
  std::vector<std::string> offlineBanks() const;

private:
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<BankLink>> links_;
};

// Closes a link that was taken out of the registry and lets it go.
void retireLink(std::shared_ptr<BankLink> link, const std::string &why, DiagLog &diag);
