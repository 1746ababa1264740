// CSV helpers for settlement and report files, and a row buffer that writes its rows to a
// stream in one go.
#pragma once
#include "ledger.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace farecol {

std::string csvEscape(const std::string &field);
void writeCsvHeader(std::ostream &os, const std::vector<std::string> &columns);
std::string formatSettlementRow(const SettlementLine &line);
void writeTrailer(std::ostream &os, std::uint64_t rows, const std::string &digest);
std::string digestOfFile(const std::string &path);

class Fnv1a {
public:
  void update(const std::string &bytes);
  std::string hex() const;

private:
  std::uint64_t hash_ = 14695981039346656037ull;
};

class RowBuffer {
public:
  RowBuffer() = default;
  ~RowBuffer();
  RowBuffer(const RowBuffer &) = delete;
  RowBuffer &operator=(const RowBuffer &) = delete;

  void bind(std::ostream &os) { os_ = &os; }
  void add(std::string row);
  void flush();

private:
  std::ostream *os_ = nullptr;
  std::vector<std::string> rows_;
};

} // namespace farecol
