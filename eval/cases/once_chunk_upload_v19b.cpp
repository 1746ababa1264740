// Chunked object upload of a backup agent. uploadChunks() closes the stream on
// the last iteration only; uploadUntilInvalid() aborts (closes) and breaks out
// of the loop. uploadSkippingCorrupt() closes the stream on a corrupt chunk
// but continues with the next chunk, which it then writes (or, if that one is
// corrupt too, closes again); commitWithRetry() closes the stream on
// every failed commit attempt, so a second failure closes it again.
#include <cstdint>
#include <iostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct Chunk {
  std::string data;
  std::uint32_t crc;
};

std::uint32_t checksum(const std::string &data) {
  std::uint32_t h = 2166136261u;
  for (unsigned char c : data)
    h = (h ^ c) * 16777619u;
  return h;
}

// ChunkStream: write() throws std::runtime_error once closed; close() twice
// throws std::logic_error (the server would see two FIN frames).
class ChunkStream {
public:
  explicit ChunkStream(std::string object) : object_(std::move(object)) {}
  void write(const std::string &data) {
    if (closed_)
      throw std::runtime_error("chunk stream for " + object_ + " is closed");
    bytes_ += data.size();
  }
  void close() {
    if (closed_)
      throw std::logic_error("chunk stream for " + object_ + " closed twice");
    closed_ = true;
  }
  bool closed() const { return closed_; }
  const std::string &object() const { return object_; }

private:
  std::string object_;
  std::size_t bytes_ = 0;
  bool closed_ = false;
};

bool commitRemote(const std::string &object, int attempt);

void uploadChunks(ChunkStream &s, const std::vector<Chunk> &chunks) {
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    s.write(chunks[i].data); // OK: the close below runs only on the last iteration
    if (i == chunks.size() - 1)
      s.close(); // OK: at most once
  }
}

void uploadUntilInvalid(ChunkStream &s, const std::vector<Chunk> &chunks) {
  for (const Chunk &c : chunks) {
    if (c.data.empty()) {
      std::cerr << "backup: empty chunk in " << s.object() << ", aborting\n";
      s.close();
      break;
    }
    s.write(c.data); // OK: the loop is left right after the close
  }
  if (!s.closed())
    s.close(); // OK: guarded
}

void uploadSkippingCorrupt(ChunkStream &s, const std::vector<Chunk> &chunks) {
  for (const Chunk &c : chunks) {
    if (checksum(c.data) != c.crc) {
      std::cerr << "backup: corrupt chunk in " << s.object() << ", discarding upload\n";
      s.close(); // BUG: double-close
      continue;
    }
    s.write(c.data); // BUG: use-after-close
  }
  if (!s.closed())
    s.close(); // OK: guarded
}

// Called once all chunks are written; a failed commit closes the stream so the
// server drops its partial upload state before the next attempt.
void commitWithRetry(ChunkStream &s, int maxAttempts) {
  for (int attempt = 1; attempt <= maxAttempts; ++attempt) {
    if (commitRemote(s.object(), attempt))
      return;
    std::cerr << "backup: commit attempt " << attempt << " failed\n";
    s.close(); // BUG: double-close
  }
}

bool commitRemote(const std::string &object, int attempt) {
  // The metadata service sheds load with a 503 on early attempts.
  return attempt > 2 || object.size() % 2 == 0;
}

void backupObject(const std::string &name, const std::vector<Chunk> &chunks) {
  ChunkStream s(name);
  for (const Chunk &c : chunks)
    s.write(c.data);
  commitWithRetry(s, 3);
  if (!s.closed())
    s.close();
}
