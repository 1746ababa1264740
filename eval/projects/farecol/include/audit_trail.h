// Audit trail of back-office actions (who looked up which card, who opened which gate).
// Lines are collected in a LineBuffer and written to the audit file in batches.
#pragma once
#include "stdio_file.h"

#include <cstdio>
#include <mutex>
#include <string>
#include <vector>

namespace farecol {

class LineBuffer {
public:
  LineBuffer() = default;
  ~LineBuffer();
  LineBuffer(const LineBuffer &) = delete;
  LineBuffer &operator=(const LineBuffer &) = delete;

  void bind(std::FILE *out) { out_ = out; }
  void append(std::string line);
  void flush();
  std::size_t pending() const { return pending_.size(); }

private:
  std::FILE *out_ = nullptr;
  std::vector<std::string> pending_;
};

class AuditTrail {
public:
  explicit AuditTrail(const std::string &path, std::size_t batch = 16);

  void record(const std::string &staffId, const std::string &action);
  void flush();

private:
  const std::size_t batch_;
  std::mutex mutex_;
  LineBuffer buffer_;
  StdioFile file_;
};

} // namespace farecol
