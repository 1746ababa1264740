// Status and Result<T>: the error currency of the baggage control software.
// Calls that can fail without it being a programming error return a Status;
// Result<T> carries a value or the Status that explains why there is none.
#pragma once
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

enum class StatusCode { Ok, Closed, Timeout, IoError, NotFound, Busy, Jammed, Invalid };

class Status {
 public:
  Status();
  static Status Ok();
  static Status Error(StatusCode code, std::string message);
  bool ok() const;
  StatusCode code() const;
  const std::string& message() const;
  std::string toString() const;

 private:
  Status(StatusCode code, std::string message);
  StatusCode code_;
  std::string message_;
};

template <class T>
class Result {
 public:
  Result(T value) : value_(std::move(value)), status_(Status::Ok()) {}
  Result(Status error) : status_(std::move(error)) {
    if (status_.ok()) throw std::logic_error("Result: an error status is required");
  }
  bool ok() const { return value_.has_value(); }
  const Status& status() const { return status_; }
  T& value() {
    if (!value_) throw std::runtime_error("Result has no value: " + status_.message());
    return *value_;
  }

 private:
  std::optional<T> value_;
  Status status_;
};
