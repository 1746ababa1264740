// Cuts every stream's chunks into segment files under segmentDir/<key>/,
// rotating to a new file on a keyframe once the current one has reached
// maxSegmentBytes. For every finished segment it appends a line to the
// index, writes a small JSON sidecar and runs the segment-complete callbacks
// (under the segmenter's lock, on the thread that finished the segment).
// Chunks that cannot go to a segment file go to the fallback spool.
//
// flush() finishes every open segment and closes the index; it is
// idempotent. append() must not be called after flush().
#pragma once
#include "ingestd/chunk.h"
#include "ingestd/segment_info.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace ingestd {

class FallbackSpool;
class LogFile;
class SegmentIndex;
class SegmentWriter;
class ShutdownList;
class Stats;

class Segmenter {
public:
  using CompleteFn = std::function<void(const SegmentInfo &info)>;

  Segmenter(std::string segmentDir, std::size_t maxSegmentBytes,
            std::shared_ptr<FallbackSpool> spool, LogFile &log, Stats &stats);
  ~Segmenter();
  Segmenter(const Segmenter &) = delete;
  Segmenter &operator=(const Segmenter &) = delete;

  bool start(ShutdownList &shutdown);
  void onSegmentComplete(CompleteFn fn);
  void append(const std::string &streamKey, const Chunk &chunk);
  void endStream(const std::string &streamKey);
  bool compactIndex(const std::function<bool(const std::string &line)> &keep);
  void flush();

private:
  struct StreamState {
    std::unique_ptr<SegmentWriter> writer;
    std::uint64_t seq = 0;
    std::string header;
    bool initWritten = false;
  };

  bool rotate(const std::string &key, StreamState &st);
  bool writeInitSegment(const std::string &key, const std::string &codecConfig);
  void writeSidecar(const SegmentInfo &info);
  void notifyComplete(const SegmentInfo &info);
  std::string segmentPath(const std::string &key, std::uint64_t seq) const;

  std::string dir_;
  std::size_t maxSegmentBytes_;
  std::shared_ptr<FallbackSpool> spool_;
  LogFile &log_;
  Stats &stats_;
  std::mutex mu_;
  std::map<std::string, StreamState> streams_;
  std::unique_ptr<SegmentIndex> index_;
  std::vector<CompleteFn> onComplete_;
  bool flushed_ = false;
};

} // namespace ingestd
