// FileProcessor: cuts one file into chunks (Chunker), compresses them
// (Compressor) and queues the results for the upload threads.
// process() throws std::system_error when the file cannot be read.
#pragma once
#include <cstddef>
#include <string>

#include "backupd/blocking_queue.h"
#include "backupd/chunk.h"
#include "backupd/compressor.h"
#include "backupd/listener_registry.h"

namespace backupd {

class FileProcessor {
public:
  FileProcessor(std::string runId, std::size_t chunkSize, const Compressor &compressor,
                BlockingQueue<CompressedChunk> &out, ListenerRegistry &listeners);
  void process(const std::string &path);

private:
  std::string runId_;
  std::size_t chunkSize_;
  const Compressor &compressor_;
  BlockingQueue<CompressedChunk> &out_;
  ListenerRegistry &listeners_;
};

} // namespace backupd
