// FileProcessor: reads a file completely (the descriptor is released before
// the CPU-heavy compression), compresses each chunk and queues it.
#include "backupd/file_processor.h"

#include <vector>

#include "backupd/chunker.h"

namespace backupd {

FileProcessor::FileProcessor(std::string runId, std::size_t chunkSize,
                             const Compressor &compressor, BlockingQueue<CompressedChunk> &out,
                             ListenerRegistry &listeners)
    : runId_(std::move(runId)), chunkSize_(chunkSize), compressor_(compressor), out_(out),
      listeners_(listeners) {}

void FileProcessor::process(const std::string &path) {
  std::vector<Chunk> chunks;
  std::uint64_t total = 0;
  {
    Chunker chunker(path, chunkSize_);
    while (auto chunk = chunker.next()) {
      total += chunk->data.size();
      chunks.push_back(std::move(*chunk));
    }
    chunker.close();
  } // BUG: double-close #chunker_dtor

  listeners_.fire(ProgressEvent{EventKind::FileChunked, runId_, path, total});
  for (const Chunk &chunk : chunks) {
    CompressedChunk compressed = compressor_.compress(chunk);
    out_.push(std::move(compressed)); // BUG: use-after-close #cancel_upload
  }
}

} // namespace backupd
