// Negative: each shard file in an array is written then closed once.
#include <cstdio>

void writeShards(FILE *shards[], int n, const char *header) {
  for (int i = 0; i < n; ++i) {
    fputs(header, shards[i]);
    fclose(shards[i]);
  }
}
