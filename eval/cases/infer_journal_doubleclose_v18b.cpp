// Write-ahead log: a WalWriter appends checksummed records to a Journal
// segment and seals the segment when it is done. Journal::close() seals the
// segment (records the footer and frees the segment buffer) and throws
// std::logic_error when called a second time. On a checksum mismatch
// WalWriter::append() seals the segment early but forgets to set sealed_, so
// the destructor seals it a second time for a writer that saw a bad record.
// rollover() does not check sealed_ either, and a late rollover of a sealed
// writer closes its journal a second time.
#include <cstdint>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

// Journal: append() throws std::logic_error once closed; close() throws
// std::logic_error ("journal already closed") when called twice.
class Journal {
public:
  explicit Journal(std::string path)
      : path_(std::move(path)), buffer_(new std::vector<std::string>) {}
  ~Journal() { delete buffer_; }
  Journal(const Journal &) = delete;
  Journal &operator=(const Journal &) = delete;

  void append(const std::string &rec) {
    if (!buffer_)
      throw std::logic_error("journal closed: " + path_);
    buffer_->push_back(rec);
  }

  void close() {
    if (!buffer_)
      throw std::logic_error("journal already closed: " + path_);
    footerRecords_ = buffer_->size();
    delete buffer_;
    buffer_ = nullptr;
  }

  bool isClosed() const { return buffer_ == nullptr; }
  std::size_t footerRecords() const { return footerRecords_; }

private:
  std::string path_;
  std::vector<std::string> *buffer_;
  std::size_t footerRecords_ = 0;
};

struct Record {
  std::string payload;
  std::uint32_t crc;
};

static std::uint32_t checksum(const std::string &s) {
  std::uint32_t h = 2166136261u;
  for (unsigned char c : s)
    h = (h ^ c) * 16777619u;
  return h;
}

class WalWriter {
public:
  explicit WalWriter(const std::string &path)
      : path_(path), journal_(std::make_unique<Journal>(path + ".0")) {}

  ~WalWriter() {
    if (!sealed_)
      journal_->close(); // SAME: badcrc
  }

  bool append(const Record &r) {
    if (sealed_ || corrupted_)
      return false;
    if (checksum(r.payload) != r.crc) {
      std::fprintf(stderr, "%s: checksum mismatch, sealing segment\n", path_.c_str());
      journal_->close();
      corrupted_ = true;
      return false;
    }
    journal_->append(r.payload); // OK: append() returns early once sealed or corrupted
    return true;
  }

  void rollover() {
    if (corrupted_)
      return;
    journal_->close(); // SAME: lateroll
    journal_ = std::make_unique<Journal>(path_ + "." + std::to_string(++segment_));
    journal_->append("segment-header"); // OK: a fresh journal replaced the sealed one
    sealed_ = false;
  }

  void seal() {
    if (sealed_ || corrupted_)
      return;
    journal_->close();
    sealed_ = true;
  }

private:
  std::string path_;
  std::unique_ptr<Journal> journal_;
  int segment_ = 0;
  bool sealed_ = false;
  bool corrupted_ = false;
};

static Record makeRecord(const std::string &payload) {
  return Record{payload, checksum(payload)};
}

static void replay(const std::vector<Record> &records, const std::string &path) {
  WalWriter writer(path);
  for (const Record &r : records)
    if (!writer.append(r))
      break;
  writer.seal();
} // BUG: double-close #badcrc

int main() {
  WalWriter orders("/var/lib/wal/orders");
  orders.append(makeRecord("order:1"));
  orders.append(makeRecord("order:2"));
  orders.rollover();
  orders.append(makeRecord("order:3"));
  orders.seal();
  orders.seal(); // OK: seal() returns early once sealed

  std::vector<Record> shipped = {makeRecord("pay:1"), makeRecord("pay:2")};
  shipped.push_back(Record{"pay:3", 0xdeadbeefu}); // corrupted in transit
  replay(shipped, "/var/lib/wal/payments");

  // The hourly rollover timer fires once more after the orders log was sealed.
  orders.rollover(); // BUG: double-close #lateroll
  return 0;
}
