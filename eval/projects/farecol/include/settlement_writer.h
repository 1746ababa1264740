// Writes one operator's settlement file for a service day: CSV rows, then a trailer with
// the row count and a digest of the file body.
#pragma once
#include "csv_format.h"
#include "ledger.h"
#include "status.h"

#include <cstdint>
#include <fstream>
#include <string>

namespace farecol {

class SettlementWriter {
public:
  explicit SettlementWriter(std::string path);
  ~SettlementWriter();
  SettlementWriter(const SettlementWriter &) = delete;
  SettlementWriter &operator=(const SettlementWriter &) = delete;

  Status open();
  void writeLine(const SettlementLine &line);
  Status finish();
  std::uint64_t rows() const { return rows_; }
  std::int64_t grossCents() const { return grossCents_; }
  const std::string &path() const { return path_; }

private:
  const std::string path_;
  std::ofstream out_;
  std::uint64_t rows_ = 0;
  std::int64_t grossCents_ = 0;
  bool finished_ = false;
};

} // namespace farecol
