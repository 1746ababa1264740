// CSV formatting shared by the settlement files and the report exports.
#include "csv_format.h"

#include <cstdio>
#include <fstream>
#include <utility>

namespace farecol {

std::string csvEscape(const std::string &field) {
  if (field.find_first_of(",\"\n") == std::string::npos)
    return field;
  std::string out = "\"";
  for (char c : field) {
    if (c == '"')
      out += '"';
    out += c;
  }
  out += '"';
  return out;
}

void writeCsvHeader(std::ostream &os, const std::vector<std::string> &columns) {
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (i != 0)
      os << ',';
    os << csvEscape(columns[i]);
  }
  os << '\n';
}

std::string formatSettlementRow(const SettlementLine &line) {
  return csvEscape(line.operatorId) + "," + csvEscape(line.cardId) + "," + csvEscape(line.product) + "," +
         std::to_string(line.cents) + "," + std::to_string(line.epochSeconds) + "\n";
}

void writeTrailer(std::ostream &os, std::uint64_t rows, const std::string &digest) {
  os << "#trailer," << rows << ',' << digest << '\n'; // SAME: trailer
}

std::string digestOfFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  Fnv1a hash;
  char buf[8192];
  while (in.read(buf, sizeof buf) || in.gcount() > 0)
    hash.update(std::string(buf, static_cast<std::size_t>(in.gcount())));
  return hash.hex();
}

void Fnv1a::update(const std::string &bytes) {
  for (unsigned char c : bytes) {
    hash_ ^= c;
    hash_ *= 1099511628211ull;
  }
}

std::string Fnv1a::hex() const {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(hash_));
  return buf;
}

RowBuffer::~RowBuffer() { flush(); }

void RowBuffer::add(std::string row) { rows_.push_back(std::move(row)); }

void RowBuffer::flush() {
  if (!os_ || rows_.empty())
    return;
  for (const std::string &row : rows_)
    *os_ << row; // OK
  rows_.clear();
  os_->flush();
}

} // namespace farecol
