// Progress events published by the stages of a run.
#pragma once
#include <cstdint>
#include <string>

namespace backupd {

enum class EventKind { RunStarted, FileChunked, ChunkUploaded, ChunkFailed, RunFinished };

inline const char *eventKindName(EventKind kind) {
  switch (kind) {
  case EventKind::RunStarted:
    return "run_started";
  case EventKind::FileChunked:
    return "file_chunked";
  case EventKind::ChunkUploaded:
    return "chunk_uploaded";
  case EventKind::ChunkFailed:
    return "chunk_failed";
  case EventKind::RunFinished:
    return "run_finished";
  }
  return "unknown";
}

struct ProgressEvent {
  EventKind kind = EventKind::RunStarted;
  std::string runId;
  std::string subject;
  std::uint64_t bytes = 0;

  std::string toJson() const {
    return std::string("{\"kind\":\"") + eventKindName(kind) + "\",\"run\":\"" + runId +
           "\",\"subject\":\"" + subject + "\",\"bytes\":" + std::to_string(bytes) + "}";
  }
};

} // namespace backupd
