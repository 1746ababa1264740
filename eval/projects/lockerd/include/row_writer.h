// Batches text rows and writes them to a FILE* it does not own.
#pragma once
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

class RowWriter {
public:
  explicit RowWriter(std::size_t batch);
  // Writes out rows that are still pending.
  ~RowWriter();
  RowWriter(const RowWriter &) = delete;
  RowWriter &operator=(const RowWriter &) = delete;

  void attach(FILE *out) { out_ = out; }
  bool add(std::string row);
  bool flush();
  std::size_t pending() const { return rows_.size(); }

private:
  FILE *out_ = nullptr;
  std::vector<std::string> rows_;
  const std::size_t batch_;
};
