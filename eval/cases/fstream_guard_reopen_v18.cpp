// Checkpoint writer for a batch importer. Each checkpoint's data file is
// written inside a block guarded by StreamCloser, which closes the
// std::ofstream when the block ends; the index file stays open for the whole
// run and is closed by the writer's finish().
// Negative case: every write after a guarded block goes either to a different
// stream than the one the guard closed (the index) or to a stream that was
// reopened first, and finish() closes the index once, so no write is lost and
// nothing is closed twice.
#include <fstream>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

// Closes the stream it guards when the block ends (if it is still open).
class StreamCloser {
public:
  explicit StreamCloser(std::ofstream &s) : stream_(s) {}
  ~StreamCloser() {
    if (stream_.is_open())
      stream_.close();
  }
  StreamCloser(const StreamCloser &) = delete;
  StreamCloser &operator=(const StreamCloser &) = delete;

private:
  std::ofstream &stream_;
};

struct Record {
  long id;
  std::string payload;
};

class CheckpointWriter {
public:
  explicit CheckpointWriter(std::string dir) : dir_(std::move(dir)) {}

  bool begin() {
    index_.open(dir_ + "/index.txt", std::ios::out | std::ios::trunc);
    return index_.is_open();
  }

  bool write(int n, const std::vector<Record> &records) {
    const std::string name = dir_ + "/ckpt-" + std::to_string(n) + ".dat";
    {
      StreamCloser closeData(data_);
      data_.open(name, std::ios::out | std::ios::trunc);
      if (!data_)
        return false;
      for (const Record &r : records)
        data_ << r.id << '\t' << r.payload << '\n'; // OK: the guard closes data_ only at the end of the block
      data_.flush();
      if (!data_)
        return false;
    }
    index_ << n << ' ' << name << ' ' << records.size() << '\n'; // OK: the guard closed data_, index_ is still open
    return static_cast<bool>(index_);
  }

  // Writes the marker file that tells the loader the run is complete.
  bool markComplete(int checkpoints) {
    data_.open(dir_ + "/COMPLETE", std::ios::out | std::ios::trunc);
    data_ << checkpoints << '\n'; // OK: data_ was reopened after the guard closed it
    data_.close();
    return static_cast<bool>(data_);
  }

  void finish() {
    index_ << "end\n";
    index_.close();
  }

private:
  std::string dir_;
  std::ofstream data_;
  std::ofstream index_;
};

static std::vector<Record> fetchBatch(int n) {
  std::vector<Record> batch;
  for (long i = 0; i < 3; ++i)
    batch.push_back({n * 100 + i, "row-" + std::to_string(n * 100 + i)});
  return batch;
}

int main() {
  CheckpointWriter writer("/var/lib/importer");
  if (!writer.begin()) {
    std::cerr << "cannot open index\n";
    return 1;
  }
  int written = 0;
  for (int n = 0; n < 4; ++n) {
    if (!writer.write(n, fetchBatch(n))) {
      std::cerr << "checkpoint " << n << " failed\n";
      break;
    }
    ++written;
  }
  writer.markComplete(written);
  writer.finish();
  return 0;
}
