// Market feed client that reconnects after transport errors. The connection is
// a shared_ptr<net::Connection> (send() throws "connection closed" once
// closed) and the local journal a std::optional<Journal> (append() throws
// std::logic_error once closed; the destructor closes only if still open).
// Defects: onBrokenPipe() replaces the connection only while the retry budget
// lasts but resumes on it either way, and checkpoint() re-opens the journal
// only when it is over its size limit but appends to it either way.
// onFailover() replaces the connection on both branches and is correct.
#include "netconn.h"

#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

class Journal {
public:
  explicit Journal(const std::string &path) : fp_(std::fopen(path.c_str(), "a")) {
    if (!fp_)
      throw std::runtime_error("cannot open journal " + path);
  }
  Journal(const Journal &) = delete;
  Journal &operator=(const Journal &) = delete;
  ~Journal() {
    if (fp_)
      std::fclose(fp_);
  }
  void append(const std::string &rec) {
    if (!fp_)
      throw std::logic_error("journal closed");
    bytes_ += std::fprintf(fp_, "%s\n", rec.c_str());
  }
  void close() {
    std::fclose(fp_);
    fp_ = nullptr;
  }
  long bytes() const { return bytes_; }

private:
  std::FILE *fp_;
  long bytes_ = 0;
};

class FeedClient {
public:
  FeedClient(std::string primary, std::string fallback, std::string journalDir)
      : primary_(std::move(primary)), fallback_(std::move(fallback)),
        journalDir_(std::move(journalDir)),
        conn_(std::make_shared<net::Connection>(primary_)) {
    journal_.emplace(journalPath());
  }

  void onTick(const std::string &tick) {
    cursor_ = tick;
    journal_->append(tick);
  }

  void onBrokenPipe() {
    conn_->close();
    if (retries_ < kMaxRetries) {
      ++retries_;
      conn_ = std::make_shared<net::Connection>(primary_);
    }
    conn_->send("RESUME " + cursor_); // BUG: use-after-close
  }

  void onFailover(bool primaryHealthy) {
    conn_->close();
    if (primaryHealthy)
      conn_ = std::make_shared<net::Connection>(primary_);
    else
      conn_ = std::make_shared<net::Connection>(fallback_);
    conn_->send("RESUME " + cursor_); // OK: both branches replaced the connection
  }

  void checkpoint() {
    journal_->close();
    if (journal_->bytes() > kJournalBytes) {
      ++segment_;
      journal_.emplace(journalPath());
    }
    journal_->append("CHECKPOINT " + cursor_); // BUG: use-after-close
  }

  void checkpointRotating() {
    journal_->close();
    ++segment_;
    journal_.emplace(journalPath());
    journal_->append("CHECKPOINT " + cursor_); // OK: re-emplaced unconditionally
  }

private:
  std::string journalPath() const {
    return journalDir_ + "/feed-" + std::to_string(segment_) + ".journal";
  }

  static constexpr int kMaxRetries = 3;
  static constexpr long kJournalBytes = 1 << 20;
  std::string primary_, fallback_, journalDir_;
  std::shared_ptr<net::Connection> conn_;
  std::optional<Journal> journal_;
  std::string cursor_;
  int retries_ = 0;
  int segment_ = 0;
};

int main(int argc, char **argv) {
  FeedClient client("feed-a:7001", "feed-b:7001", "/var/lib/feed");
  client.onTick("EURUSD 1.0841");
  client.checkpointRotating();
  client.onFailover(false);
  if (argc > 1 && std::string(argv[1]) == "--checkpoint") {
    client.checkpoint();
    return 0;
  }
  for (int i = 0; i < 5; ++i)
    client.onBrokenPipe();
  return 0;
}
