// Shard flusher of a time-series store. At the end of a flush window it
// writes every dirty shard to its own file, reports progress to the
// coordinator over a net::Connection (netconn.h: send() throws once the
// connection is closed; close() is idempotent) and closes the control
// connection after the last shard. During the window deltas are streamed
// over a separate data connection, which an oversized delta aborts. A
// flusher serves one window: flushWindow() ends it and the flusher is then
// discarded.
// Correct (no defect): the control connection is closed in the last
// iteration only, the data connection right before a break (and a later
// call returns early); the spill descriptor is closed
// at most once thanks to a "closed" flag; each shard descriptor is closed
// once by the iteration that opened it.
#include "netconn.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace tsdb {

struct Shard {
  std::string Path;
  std::string Data;
  bool Dirty = false;
};

class ShardFlusher {
public:
  ShardFlusher(net::Connection &Control, net::Connection &DataStream, std::string SpillPath)
      : Control(Control), DataStream(DataStream), SpillPath(std::move(SpillPath)) {}
  void flushWindow(std::vector<Shard> &Shards);
  void streamDeltas(const std::vector<std::string> &Deltas);
  bool spillAll(const std::vector<std::string> &Blocks);

private:
  net::Connection &Control;
  net::Connection &DataStream;
  std::string SpillPath;
  static constexpr std::size_t MaxDelta = 64 * 1024;
};

void ShardFlusher::flushWindow(std::vector<Shard> &Shards) {
  const std::size_t Last = Shards.size() - 1;
  for (std::size_t I = 0; I < Shards.size(); ++I) {
    Shard &S = Shards[I];
    if (S.Dirty) {
      int Fd = ::open(S.Path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (Fd >= 0) {
        ::write(Fd, S.Data.data(), S.Data.size());
        ::close(Fd); // OK: a new descriptor is opened in every iteration
        S.Dirty = false;
      }
    }
    Control.send("flushed " + S.Path); // OK: the close below runs only after the last send
    if (I == Last)
      Control.close();
  }
}

void ShardFlusher::streamDeltas(const std::vector<std::string> &Deltas) {
  if (DataStream.isClosed())
    return;
  for (const std::string &D : Deltas) {
    if (D.size() > MaxDelta) {
      DataStream.send("abort oversized delta");
      DataStream.close();
      break;
    }
    DataStream.send("delta " + D); // OK: the close above is followed by break
  }
}

bool ShardFlusher::spillAll(const std::vector<std::string> &Blocks) {
  int Spill = ::open(SpillPath.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (Spill < 0)
    return false;
  bool Closed = false;
  bool Complete = true;
  for (const std::string &B : Blocks) {
    if (Closed)
      break;
    if (::write(Spill, B.data(), B.size()) != static_cast<ssize_t>(B.size())) {
      ::close(Spill);
      Closed = true;
      Complete = false;
    }
  }
  if (!Closed)
    ::close(Spill); // OK: guarded by the Closed flag
  return Complete;
}

} // namespace tsdb
