// Status and Result<T>: the error values the tube system's components return instead of
// throwing on their hot paths (frame sends, register writes, tag reads).
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace tubed {

enum class Code { Ok, Closed, Busy, Timeout, IoError, Invalid, NotFound };

const char* code_name(Code code);

class Status {
 public:
  Status();
  static Status ok();
  static Status error(Code code, std::string message);

  bool is_ok() const;
  Code code() const;
  const std::string& message() const;
  std::string to_string() const;

 private:
  Status(Code code, std::string message);
  Code code_;
  std::string message_;
};

// A value or the Status explaining why there is none.
template <typename T>
class Result {
 public:
  Result(T value) : value_(std::move(value)) {}
  Result(Status status) : status_(std::move(status)) {
    if (status_.is_ok()) status_ = Status::error(Code::Invalid, "result without a value");
  }

  bool ok() const { return value_.has_value(); }
  const Status& status() const { return status_; }

  T& value() {
    if (!value_) throw std::runtime_error("no value: " + status_.to_string());
    return *value_;
  }
  const T& value() const {
    if (!value_) throw std::runtime_error("no value: " + status_.to_string());
    return *value_;
  }
  T value_or(T fallback) const { return value_ ? *value_ : std::move(fallback); }

 private:
  std::optional<T> value_;
  Status status_;
};

}  // namespace tubed
