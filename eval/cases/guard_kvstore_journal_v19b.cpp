// Write-ahead journal of a small embedded key-value store. put() guards with
// `if (!journal_) return;` (explicit operator bool), erase() caches is_open()
// just before appending. compact() caches good() before it may seal (close) the
// journal and then appends a compaction record using the stale cached value;
// shutdown() checks the journal at the top, closes it, then flushes it;
// checkpoint() guards only the flush and appends even after seal().
#include <cstdio>
#include <stdexcept>
#include <string>
#include <unordered_map>

// JournalWriter: append-only journal file.
// append() and flush() throw std::runtime_error once the journal is closed;
// close() is idempotent (closing a closed journal does nothing), and the
// destructor calls close(). is_open() and operator bool report whether the
// journal is open; good() additionally requires that no write has failed.
class JournalWriter {
public:
  explicit JournalWriter(const std::string &path);
  ~JournalWriter() { close(); }
  JournalWriter(const JournalWriter &) = delete;
  JournalWriter &operator=(const JournalWriter &) = delete;

  void append(const std::string &record);
  void flush();
  void close();
  bool is_open() const { return fp_ != nullptr; }
  bool good() const { return fp_ != nullptr && !failed_; }
  explicit operator bool() const { return is_open(); }

private:
  std::FILE *fp_ = nullptr;
  bool failed_ = false;
};

JournalWriter::JournalWriter(const std::string &path)
    : fp_(std::fopen(path.c_str(), "ab")) {}

void JournalWriter::append(const std::string &record) {
  if (!fp_)
    throw std::runtime_error("journal is closed");
  if (std::fprintf(fp_, "%zu:%s\n", record.size(), record.c_str()) < 0)
    failed_ = true;
}

void JournalWriter::flush() {
  if (!fp_)
    throw std::runtime_error("journal is closed");
  if (std::fflush(fp_) != 0)
    failed_ = true;
}

void JournalWriter::close() {
  if (!fp_)
    return;
  std::fclose(fp_);
  fp_ = nullptr;
}

class KvStore {
public:
  explicit KvStore(const std::string &dir)
      : dir_(dir), journal_(dir + "/journal.log") {}
  void put(const std::string &key, const std::string &value);
  void erase(const std::string &key);
  void compact(bool seal);
  void seal() { journal_.close(); }
  void checkpoint();
  void shutdown();

private:
  void writeSnapshot() const;

  std::string dir_;
  JournalWriter journal_;
  std::unordered_map<std::string, std::string> data_;
  bool dirty_ = false;
};

void KvStore::put(const std::string &key, const std::string &value) {
  data_[key] = value;
  dirty_ = true;
  if (!journal_)
    return;
  journal_.append("P " + key + "=" + value); // OK: returned above when closed
}

void KvStore::erase(const std::string &key) {
  const bool open = journal_.is_open();
  data_.erase(key);
  dirty_ = true;
  if (open)
    journal_.append("D " + key); // OK: nothing closed the journal since the query
}

void KvStore::writeSnapshot() const {
  const std::string path = dir_ + "/snapshot.db";
  std::FILE *snap = std::fopen(path.c_str(), "wb");
  if (!snap)
    return;
  for (const auto &kv : data_)
    std::fprintf(snap, "%s=%s\n", kv.first.c_str(), kv.second.c_str());
  std::fclose(snap);
  std::fprintf(stderr, "kv: snapshot written to %s\n", path.c_str()); // OK: stderr, not the snapshot
}

// When `seal` is set the snapshot supersedes the journal, which is retired.
void KvStore::compact(bool seal) {
  const bool journaled = journal_.good();
  writeSnapshot();
  if (seal)
    journal_.close();
  if (journaled)
    journal_.append("C " + std::to_string(data_.size())); // BUG: use-after-close
}

// Fired by the periodic checkpoint timer.
void KvStore::checkpoint() {
  if (journal_.good())
    journal_.flush(); // OK: guarded by good()
  journal_.append("K " + std::to_string(data_.size())); // BUG: use-after-close
}

void KvStore::shutdown() {
  if (!journal_)
    return;
  journal_.close();
  if (dirty_)
    journal_.flush(); // BUG: use-after-close
}

int main(int argc, char **argv) {
  KvStore store("/var/lib/kvlite");
  store.put("owner", "ops");
  store.erase("tmp");
  store.compact(/*seal=*/false);
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "--compact-and-seal") {
    store.compact(/*seal=*/true);
  } else if (mode == "--seal") {
    store.seal();
    store.checkpoint();
  } else {
    store.shutdown();
  }
  return 0;
}
