// Process-wide metrics sink (statsd lines over UDP).
#pragma once
#include <mutex>
#include <string>
#include <vector>

class LimnoGauger {
public:
  static LimnoGauger &instance();
  /// Both throw std::logic_error once the gauger is closed.
  void gauge(const std::string &name, double value);
  void count(const std::string &name, long n = 1);
  bool isOpen() const;
  /// Sends what is buffered and closes the socket. Throws std::logic_error when
  /// already closed.
  void close();

private:
  LimnoGauger();
  void emit(const std::string &line);
  mutable std::mutex mu_;
  int fd_ = -1;
  std::vector<std::string> buffered_;
};
