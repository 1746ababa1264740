// Status and Result<T>: the error values every pensd component returns.
// The accessors live in status.cpp; Result<T> is explicitly instantiated there
// for the value types the farm controller uses.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

enum class Errc { Ok = 0, Closed, Timeout, Io, Rejected, NotFound, Busy, Invalid };

const char* errc_name(Errc code);

class Status {
 public:
  Status();
  Status(Errc code, std::string message);

  static Status Ok();
  static Status Error(Errc code, std::string message);

  bool ok() const;
  Errc code() const;
  const std::string& message() const;
  std::string to_string() const;

 private:
  Errc code_;
  std::string message_;
};

template <typename T>
class Result {
 public:
  Result(T value);       // NOLINT: implicit on purpose, like std::optional
  Result(Status error);  // NOLINT

  bool ok() const;
  const T& value() const;  // throws std::logic_error when !ok()
  T value_or(T fallback) const;
  const Status& status() const;

 private:
  std::optional<T> value_;
  Status status_;
};

extern template class Result<int>;
extern template class Result<double>;
extern template class Result<std::uint16_t>;
extern template class Result<std::string>;
