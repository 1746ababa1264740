// An ingest connection whose close() throws logic_error when called twice and
// CloseError, after marking itself closed, when more frames are pending than
// the server acknowledges. In importBatch() close() is the last statement of the try, so the
// generic handler only runs with the connection still open and its ROLLBACK and
// close are the first close on that path; a failing close() is caught by the
// CloseError handler, which does not close again. In streamUpdates() the
// handler that closes rethrows, so the code after the try never sees a closed
// connection. No use-after-close and no double-close.
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct CloseError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Record {
  std::string key;
  std::string value;
};

class IngestConn {
public:
  explicit IngestConn(std::string target) : target_(std::move(target)) {}
  void send(const std::string &frame) {
    if (closed_)
      throw std::logic_error("send on closed ingest connection to " + target_);
    if (frame.size() > kMaxFrame)
      throw std::length_error("frame too large for " + target_);
    unacked_.push_back(frame);
  }
  void close() {
    if (closed_)
      throw std::logic_error("ingest connection closed twice");
    closed_ = true;
    std::size_t pending = unacked_.size();
    unacked_.clear();
    if (pending > kAckWindow)
      throw CloseError(std::to_string(pending) + " frames to " + target_ + " were not acknowledged");
  }

private:
  static constexpr std::size_t kMaxFrame = 64 * 1024;
  static constexpr std::size_t kAckWindow = 4096;
  std::string target_;
  std::vector<std::string> unacked_;
  bool closed_ = false;
};

class UpdateSource {
public:
  explicit UpdateSource(std::vector<std::string> updates) : updates_(std::move(updates)) {}
  std::optional<std::string> next() {
    if (pos_ == updates_.size())
      return std::nullopt;
    return updates_[pos_++];
  }

private:
  std::vector<std::string> updates_;
  std::size_t pos_ = 0;
};

std::size_t importBatch(IngestConn &conn, const std::vector<Record> &records) {
  std::size_t sent = 0;
  try {
    conn.send("BEGIN");
    for (const auto &r : records) {
      conn.send(r.key + "=" + r.value);
      ++sent;
    }
    conn.send("COMMIT");
    conn.close();
  } catch (const CloseError &e) {
    std::fprintf(stderr, "import: %s\n", e.what());
    return 0; // close() already marked the connection closed
  } catch (const std::exception &e) {
    std::fprintf(stderr, "import failed after %zu records: %s\n", sent, e.what());
    conn.send("ROLLBACK"); // OK: close() is the last statement of the try, so the connection is still open
    conn.close(); // OK: the first close on this path
    throw;
  }
  return sent;
}

void streamUpdates(IngestConn &conn, UpdateSource &source) {
  try {
    conn.send("SUBSCRIBE updates");
  } catch (...) {
    conn.close();
    throw;
  }
  while (auto update = source.next())
    conn.send(*update); // OK: the handler that closed rethrew
  conn.send("COMMIT");
  conn.close(); // OK: the handler's close is never followed by this line
}

std::size_t importAll(const std::string &target, const std::vector<Record> &records,
                      UpdateSource &updates) {
  IngestConn batchConn(target);
  std::size_t imported = importBatch(batchConn, records);
  IngestConn streamConn(target);
  streamUpdates(streamConn, updates);
  return imported;
}
