// FallbackSpool: local spool for media that could not be stored normally.
#include "ingestd/fallback_spool.h"

#include <fstream>
#include <iterator>
#include <stdexcept>

namespace ingestd {
namespace {

void putU32(std::ofstream &out, std::uint32_t v) {
  const char b[4] = {static_cast<char>(v >> 24), static_cast<char>(v >> 16),
                     static_cast<char>(v >> 8), static_cast<char>(v)};
  out.write(b, 4);
}

} // namespace

FallbackSpool::FallbackSpool(std::string path) : path_(std::move(path)) {}

FallbackSpool::~FallbackSpool() {
  if (isOpen())
    close(); // OK: only reached while the spool is still open
}

bool FallbackSpool::open() {
  std::lock_guard<std::mutex> lk(mu_);
  if (out_.is_open())
    return true;
  out_.open(path_, std::ios::binary | std::ios::app);
  return out_.is_open();
}

void FallbackSpool::append(const std::string &streamKey, const std::string &bytes) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!out_.is_open())
    throw std::logic_error("spool closed: " + path_);
  writeRecord('C', streamKey, bytes);
}

void FallbackSpool::appendFile(const std::string &streamKey, const std::string &filePath) {
  std::ifstream in(filePath, std::ios::binary);
  if (!in)
    throw std::runtime_error("cannot read " + filePath);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::lock_guard<std::mutex> lk(mu_);
  if (!out_.is_open())
    throw std::logic_error("spool closed: " + path_);
  writeRecord('S', streamKey, bytes);
}

void FallbackSpool::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!out_.is_open())
    throw std::logic_error("spool already closed: " + path_);
  writeRecord('E', "", std::to_string(records_));
  out_.flush();
  out_.close();
}

bool FallbackSpool::isOpen() const {
  std::lock_guard<std::mutex> lk(mu_);
  return out_.is_open();
}

void FallbackSpool::writeRecord(char kind, const std::string &key, const std::string &payload) {
  // Callers hold mu_ and have checked that the stream is open.
  out_.put(kind);
  putU32(out_, static_cast<std::uint32_t>(key.size()));
  out_.write(key.data(), static_cast<std::streamsize>(key.size()));
  putU32(out_, static_cast<std::uint32_t>(payload.size()));
  out_.write(payload.data(), static_cast<std::streamsize>(payload.size()));
  ++records_;
}

} // namespace ingestd
