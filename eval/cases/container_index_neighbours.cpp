// A shard writer closes the log file of shard i when it fills up and keeps
// appending to shard i + 1 (correct); the buggy variant appends the footer to
// shard i after closing it (bug). Files in an array indexed by the loop
// variable: the close and the write of the same iteration are the same file.
#include <cstdio>
#include <string>
#include <vector>

class ShardWriter {
public:
  explicit ShardWriter(std::vector<std::FILE *> shards) : shards_(std::move(shards)) {}

  void sealAndAdvance(std::size_t i, const std::string &record) {
    std::fclose(shards_[i]);
    if (i + 1 < shards_.size())
      std::fputs(record.c_str(), shards_[i + 1]); // OK
  }

  void sealWithFooter(std::size_t i) {
    std::fclose(shards_[i]);
    std::fputs("-- sealed --\n", shards_[i]); // BUG: use-after-close
  }

  void sealEach() {
    for (std::size_t i = 0; i < shards_.size(); ++i) {
      std::fputs("-- sealed --\n", shards_[i]); // OK
      std::fclose(shards_[i]);
    }
  }

private:
  std::vector<std::FILE *> shards_;
};
