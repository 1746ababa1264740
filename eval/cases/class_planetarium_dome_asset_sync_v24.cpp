// Planetarium show distribution: before a fulldome show goes on the schedule
// its frame sequences and audio stems are streamed from the show server to
// every render node over a multiplexed streaming channel. The node checks
// chunk digests and the sender aborts the transfer when an asset is corrupt.
#include "messaging.h"

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

struct AssetChunk {
  std::string asset;
  int index = 0;
  std::string bytes;
};

struct ShowAsset {
  std::string name;
  std::vector<AssetChunk> chunks;
  bool digestMismatch = false;
};

struct ShowManifest {
  std::string showId;
  std::vector<ShowAsset> assets;
};

class DomeAssetSync {
public:
  explicit DomeAssetSync(cassandra::StreamSession &session)
      : session_(session) {}

  bool sendShow(const ShowManifest &manifest);
  void sendKeepalive();
  void finish(const std::string &showId);
  size_t chunksSent() const { return chunksSent_; }

private:
  void abort(const std::string &why);
  void sendAsset(const ShowAsset &asset);

  cassandra::StreamSession &session_;
  size_t chunksSent_ = 0;
  bool aborted_ = false;
};

void DomeAssetSync::abort(const std::string &why) {
  aborted_ = true;
  session_.onError(why);
  session_.channel().close();
}

void DomeAssetSync::sendAsset(const ShowAsset &asset) {
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  for (const AssetChunk &chunk : asset.chunks) {
    ch.sendMessage(ch.controlChannel(),
                   {"CHUNK", asset.name + ":" + std::to_string(chunk.index) +
                                 ":" + chunk.bytes});
    ++chunksSent_;
  }
}

bool DomeAssetSync::sendShow(const ShowManifest &manifest) {
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  ch.setTimeout(120);
  ch.sendControlMessage({"PREPARE", manifest.showId});

  if (session_.isPreview()) {
    ch.sendControlMessage({"PREVIEW_ONLY", manifest.showId});
    ch.close();
    return true;
  }

  for (const ShowAsset &asset : manifest.assets) {
    if (asset.digestMismatch) {
      abort("digest mismatch in " + asset.name);
      break;
    }
    sendAsset(asset);
  }

  ch.sendControlMessage({"COMPLETE", manifest.showId}); // BUG: use-after-close
  return !aborted_;
}

void DomeAssetSync::sendKeepalive() {
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  if (ch.isClosed())
    return;
  ch.sendControlMessage({"KEEPALIVE", ""}); // OK
}

void DomeAssetSync::finish(const std::string &showId) {
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  if (aborted_) {
    std::fprintf(stderr, "show %s not distributed\n", showId.c_str());
    return;
  }
  if (!ch.isClosed()) {
    ch.sendControlMessage({"SCHEDULE", showId}); // OK
    ch.close();
  }
}

int distribute(std::vector<std::pair<cassandra::StreamSession *, ShowManifest>> jobs) {
  int failures = 0;
  for (auto &job : jobs) {
    DomeAssetSync sync(*job.first);
    const bool ok = sync.sendShow(job.second);
    sync.sendKeepalive(); // OK
    if (!ok) {
      ++failures;
      continue;
    }
    sync.finish(job.second.showId); // OK
  }
  return failures;
}
