// Backup archiver: splits a snapshot into chunk files, writes a manifest and
// keeps a journal of progress lines. Every FILE* is owned by
// std::unique_ptr<FILE, FileCloser>, whose deleter fcloses the stream when
// the pointer is reset or goes out of scope. ProgressReporter only borrows a
// raw FILE* from the journal; it must be detached before the journal closes.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

struct FileCloser {
  void operator()(FILE *fp) const {
    if (fp)
      std::fclose(fp); // SAME: manifest_close
  }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

struct ChunkInfo {
  std::string name;
  std::vector<unsigned char> data;
};

class ProgressReporter {
public:
  void attach(FILE *sink) { sink_ = sink; }
  void detach() { sink_ = nullptr; }
  void report(const std::string &stage, size_t done, size_t total) {
    if (sink_)
      std::fprintf(sink_, "%s %zu/%zu\n", stage.c_str(), done, total); // SAME: progress_after_reset
  }

private:
  FILE *sink_ = nullptr;
};

class Archiver {
public:
  explicit Archiver(std::string dir) : dir_(std::move(dir)) {}

  bool writeChunk(const ChunkInfo &chunk) {
    FilePtr fp(std::fopen((dir_ + "/" + chunk.name).c_str(), "wb"));
    if (!fp)
      return false;
    bool success = std::fwrite(chunk.data.data(), 1, chunk.data.size(), fp.get()) == chunk.data.size();
    // fclose reports deferred write errors (ENOSPC on NFS), so check it.
    success = std::fclose(fp.release()) == 0 && success; // OK: release() hands ownership to fclose
    return success;
  }

  bool writeManifest(const std::vector<ChunkInfo> &chunks) {
    bool success = true;
    {
      FilePtr fp(std::fopen((dir_ + "/MANIFEST").c_str(), "w"));
      if (!fp)
        return false;
      for (const ChunkInfo &c : chunks)
        std::fprintf(fp.get(), "%s %zu\n", c.name.c_str(), c.data.size());
      // Surface the close error to the caller before the archive is sealed.
      success = std::fclose(fp.get()) == 0;
    } // BUG: double-close #manifest_close
    return success;
  }

  // Nightly job: the journal is rotated before verification starts.
  void runNightly(const std::vector<ChunkInfo> &chunks, ProgressReporter &progress) {
    FilePtr journal(std::fopen((dir_ + "/journal.log").c_str(), "a"));
    if (!journal)
      return;
    progress.attach(journal.get());
    for (size_t i = 0; i < chunks.size(); ++i) {
      writeChunk(chunks[i]);
      progress.report("chunk", i + 1, chunks.size());
    }
    writeManifest(chunks);
    journal.reset();
    progress.report("verify", 0, chunks.size()); // BUG: use-after-close #progress_after_reset
    verify(chunks);
  }

  // Weekly job: same shape, but the reporter is detached before rotation.
  void runWeekly(const std::vector<ChunkInfo> &chunks, ProgressReporter &progress) {
    FilePtr journal(std::fopen((dir_ + "/journal-weekly.log").c_str(), "a"));
    if (!journal)
      return;
    progress.attach(journal.get());
    for (size_t i = 0; i < chunks.size(); ++i) {
      writeChunk(chunks[i]);
      progress.report("chunk", i + 1, chunks.size());
    }
    progress.detach();
    journal.reset();
    progress.report("verify", 0, chunks.size()); // OK: detached, report() writes nothing
    verify(chunks);
  } // OK: journal already reset to null, the deleter is not called again

private:
  bool verify(const std::vector<ChunkInfo> &chunks) {
    for (const ChunkInfo &c : chunks) {
      FilePtr fp(std::fopen((dir_ + "/" + c.name).c_str(), "rb"));
      if (!fp)
        return false;
    }
    return true;
  }

  std::string dir_;
};

int main() {
  std::vector<ChunkInfo> chunks = {{"c0000", {1, 2, 3}}, {"c0001", {4, 5, 6}}};
  ProgressReporter progress;
  Archiver nightly("/backup/nightly");
  nightly.runNightly(chunks, progress);
  Archiver weekly("/backup/weekly");
  ProgressReporter weeklyProgress;
  weekly.runWeekly(chunks, weeklyProgress);
  return 0;
}
