// Streaming relay for SSTable transfers between nodes. A StreamRelay drives
// one outgoing transfer over a cassandra::StreamingMultiplexedChannel: it
// sends a PREPARE control message, the file chunks, and a COMPLETE summary,
// aborting the transfer (and closing the channel) on protocol errors.
// Per messaging.h, sending on the channel after close() throws
// "stream has been closed, cannot send ...".
#include "messaging.h"

#include <cstdio>
#include <string>
#include <vector>

namespace {
constexpr size_t kMaxChunkBytes = 1 << 20;
}

class StreamRelay {
public:
  explicit StreamRelay(cassandra::StreamSession &Session)
      : Session(Session), Channel(Session.channel()) {}

  void prepare(const std::string &Table) {
    Channel.setTimeout(30);
    Channel.sendControlMessage({"PREPARE", Table}); // OK: channel freshly obtained from the session
  }

  void transfer(const std::vector<std::string> &Chunks) {
    for (const std::string &Chunk : Chunks) {
      if (Chunk.size() > kMaxChunkBytes)
        failTransfer("oversized chunk"); // closes the channel; the loop goes on
      Channel.sendMessage(Channel.controlChannel(), {"FILE", Chunk}); // BUG: use-after-close
      ++SentChunks;
    }
  }

  // Preview sessions only validate the manifest: the channel is closed right
  // after the manifest and nothing else is sent.
  void sendManifest(const std::vector<std::string> &Files) {
    for (const std::string &F : Files)
      Channel.sendControlMessage({"MANIFEST", F}); // OK: before any close
    if (Session.isPreview()) {
      Channel.close();
      return;
    }
    Channel.sendControlMessage({"MANIFEST_END", std::to_string(Files.size())}); // OK: preview path returned after close
  }

  void finish() {
    closeChannel();
    sendSummary(); // BUG: use-after-close #summary
  }

  void onPeerTimeout() {
    failTransfer("peer timed out");
    if (!Channel.isClosed())
      Channel.sendControlMessage({"RETRY", ""}); // OK: guarded by isClosed()
  }

  void keepAlive() {
    // Defect: keepAlive() is driven by a supervision timer that is not
    // cancelled when onPeerTimeout() aborts the transfer.
    Channel.sendControlMessage({"KEEPALIVE", std::to_string(SentChunks)}); // SAME: keepalive
  }

private:
  void failTransfer(const std::string &Why) {
    std::fprintf(stderr, "stream aborted: %s\n", Why.c_str());
    Session.onError(Why);
    if (Channel.isClosed())
      return;
    Channel.close(); // OK: guarded by isClosed()
  }

  void closeChannel() {
    if (!Channel.isClosed())
      Channel.close(); // OK
  }

  void sendSummary() {
    Channel.sendControlMessage({"COMPLETE", std::to_string(SentChunks)}); // SAME: summary
  }

  cassandra::StreamSession &Session;
  cassandra::StreamingMultiplexedChannel &Channel;
  size_t SentChunks = 0;
};

namespace {
constexpr int kTimeoutTicks = 6;
}

void runTransfer(cassandra::StreamSession &Session, const std::vector<std::string> &Chunks) {
  StreamRelay Relay(Session);
  Relay.prepare("ks.events");
  Relay.sendManifest({"events-1-Data.db", "events-1-Index.db"});
  if (Session.isPreview())
    return;
  Relay.transfer(Chunks);
  Relay.finish();
}

// Supervises a transfer whose peer stopped acknowledging: one tick per
// five seconds, the peer is declared dead at kTimeoutTicks.
void superviseStalledTransfer(StreamRelay &Relay, int Ticks) {
  for (int Tick = 1; Tick <= Ticks; ++Tick) {
    if (Tick == kTimeoutTicks)
      Relay.onPeerTimeout();
    Relay.keepAlive(); // BUG: use-after-close #keepalive
  }
}
