// Media packager: an HLS-style segmenter writes transport-stream chunks to a
// SegmentWriter held in std::optional. Rolling a segment closes the current
// writer and emplace()s a fresh one into the same optional. SegmentWriter is
// the packager's own class: write() throws std::logic_error once closed and a
// second close() throws std::logic_error ("segment closed twice").
// Defects: splice() writes the SCTE-35 cue through the closed writer when the
// ad has no media (no new segment was emplaced), and a cancelled job runs
// abortStream() (which closes without resetting the optional) then finish().
#include <atomic>
#include <cstdio>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace media {

struct Chunk {
  std::string data;
  bool keyframe = false;
};

struct AdBreak {
  std::string id;
  std::vector<Chunk> chunks;
};

class SegmentWriter {
public:
  explicit SegmentWriter(std::string path)
      : path_(std::move(path)), out_(path_, std::ios::binary) {}
  void write(const std::string &bytes) {
    if (closed_)
      throw std::logic_error("segment closed: " + path_);
    out_.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    bytes_ += bytes.size();
  }
  void close() {
    if (closed_)
      throw std::logic_error("segment closed twice: " + path_);
    out_.close();
    closed_ = true;
  }
  size_t bytes() const { return bytes_; }
  const std::string &path() const { return path_; }

private:
  std::string path_;
  std::ofstream out_;
  size_t bytes_ = 0;
  bool closed_ = false;
};

class Segmenter {
public:
  explicit Segmenter(std::string dir) : dir_(std::move(dir)) {}

  void push(const Chunk &c) {
    if (!cur_)
      cur_.emplace(nameFor(seq_, "seg"));
    if (c.keyframe && cur_->bytes() >= kTargetBytes)
      roll();
    cur_->write(c.data); // OK: roll() emplaces a fresh writer after closing
  }

  void roll() {
    cur_->close();
    playlist_.push_back(cur_->path());
    cur_.emplace(nameFor(++seq_, "seg"));
  }

  // Closes the content segment and plays the ad; an ad without media only
  // leaves the cue in the stream.
  void splice(const AdBreak &ad, const std::string &scte35Cue) {
    cur_->close();
    playlist_.push_back(cur_->path());
    if (!ad.chunks.empty())
      cur_.emplace(nameFor(++seq_, "ad-" + ad.id));
    for (const Chunk &c : ad.chunks)
      cur_->write(c.data); // OK: the loop only runs when a new writer was emplaced
    cur_->write(scte35Cue); // BUG: use-after-close
  }

  void discontinuity() {
    if (!cur_)
      return;
    cur_->close();
    playlist_.push_back(cur_->path());
    playlist_.push_back("#EXT-X-DISCONTINUITY");
    cur_.reset(); // the next push() opens a new segment
  }

  // Cancellation: stop writing, keep the partial segment for inspection.
  void abortStream() {
    if (cur_)
      cur_->close();
    aborted_ = true;
  }

  void finish() {
    if (!cur_)
      return;
    cur_->close(); // SAME: abortfin
    playlist_.push_back(cur_->path());
    cur_.reset();
  }

  const std::vector<std::string> &playlist() const { return playlist_; }

private:
  static constexpr size_t kTargetBytes = 188 * 1024;
  std::string nameFor(int seq, const std::string &kind) const {
    return dir_ + "/" + kind + "-" + std::to_string(seq) + ".ts";
  }

  std::string dir_;
  std::optional<SegmentWriter> cur_;
  std::vector<std::string> playlist_;
  int seq_ = 0;
  bool aborted_ = false;
};

void packageLive(const std::vector<Chunk> &chunks, const AdBreak &ad,
                 const std::atomic<bool> &cancelled) {
  Segmenter seg("/srv/hls/channel7");
  for (size_t i = 0; i < chunks.size(); ++i) {
    if (cancelled) {
      seg.abortStream();
      break;
    }
    seg.push(chunks[i]);
    if (i == chunks.size() / 2)
      seg.splice(ad, "#EXT-X-CUE-OUT:30");
  }
  seg.finish(); // BUG: double-close #abortfin
  std::printf("%zu playlist entries\n", seg.playlist().size());
}

void packageVod(const std::vector<Chunk> &partA, const std::vector<Chunk> &partB) {
  Segmenter seg("/srv/vod/title42");
  for (const Chunk &c : partA)
    seg.push(c);
  seg.discontinuity();
  for (const Chunk &c : partB)
    seg.push(c); // OK: discontinuity() reset the optional, push() emplaces anew
  seg.finish();
  seg.finish(); // OK: the first finish() reset the optional, this one returns early
}

} // namespace media
