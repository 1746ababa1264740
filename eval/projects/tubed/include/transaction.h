// Transaction: one carrier's trip from a sending ward to a receiving ward.
#pragma once

#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "status.h"

namespace tubed {

enum class TxState { Idle, Dispatched, InTransit, Arrived, Done, Aborted };

const char* tx_state_name(TxState s);

class Transaction {
 public:
  using Sink = std::function<void(const std::string& ward, const std::string& text)>;

  Transaction(std::uint64_t id, std::string from, std::string to, Sink sink);

  std::uint64_t id() const;
  const std::string& from() const;
  const std::string& to() const;
  TxState state() const;
  void set_state(TxState s);

  // Appends a status update and shows it at the sending ward; Code::Closed once closed.
  Status post(const std::string& update);
  // Idempotent: the first reason wins, later calls do nothing.
  void close(const std::string& reason);
  bool closed() const;
  std::string reason() const;

 private:
  const std::uint64_t id_;
  const std::string from_;
  const std::string to_;
  Sink sink_;
  mutable std::mutex mu_;
  TxState state_ = TxState::Idle;
  bool closed_ = false;
  std::string reason_;
  std::vector<std::string> updates_;
};

}  // namespace tubed
