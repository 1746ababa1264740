// Command link to one locker bank: unlock, reserve, firmware chunks and
// display text go out through the bank's connection.
#pragma once
#include "command_codec.h"
#include "netconn.h"
#include "status.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

enum class LinkState { Handshaking, Ready, Draining, Closed };

class BankLink {
public:
  BankLink(std::string bankId, std::unique_ptr<net::Connection> conn);
  ~BankLink();
  BankLink(const BankLink &) = delete;
  BankLink &operator=(const BankLink &) = delete;

  const std::string &bankId() const { return bankId_; }
  std::string endpoint() const;

  Status handshake(const std::string &firmware, bool accepted);
  // push/pushRaw/flush throw std::runtime_error once the link is closed.
  void push(const Command &cmd);
  void pushRaw(const std::string &frame);
  void flush();
  void reconnect(std::unique_ptr<net::Connection> fresh);
  void markDraining();
  // Idempotent.
  void close();

  bool isClosed() const;
  LinkState state() const;
  void touch();
  std::chrono::steady_clock::time_point lastSeen() const;
  std::uint64_t framesSent() const;

private:
  void ensureOpenLocked(const char *op) const;

  const std::string bankId_;
  mutable std::mutex mutex_;
  std::unique_ptr<net::Connection> conn_;
  LinkState state_ = LinkState::Handshaking;
  std::chrono::steady_clock::time_point lastSeen_;
  std::uint64_t framesSent_ = 0;
};
