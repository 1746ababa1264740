// A stream popen() opened is closed by pclose() as fclose() closes a file:
// writing to it after pclose(), or closing it again, is the same undefined
// behaviour. A pclose() on one path only is a possible second close.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>

int mailOnce(const char *Cmd) {
  FILE *Mail = popen(Cmd, "w");
  if (!Mail)
    return -1;
  std::fprintf(Mail, "report\n");
  return pclose(Mail);
}

int mailTwice(const char *Cmd) {
  FILE *Mail = popen(Cmd, "w");
  if (!Mail)
    return -1;
  if (std::fprintf(Mail, "report\n") < 0)
    pclose(Mail);
  // CHECK: pipes.cpp:[[@LINE+1]]:10: warning: 'pclose' closes 'Mail' that may already have been closed
  return pclose(Mail) == 0 ? 0 : -1;
}

void writeAfter(const char *Cmd) {
  FILE *Sort = popen(Cmd, "w");
  if (!Sort)
    return;
  pclose(Sort);
  // CHECK: pipes.cpp:[[@LINE+1]]:3: warning: call to 'fputs' on 'Sort' after it was closed
  std::fputs("late\n", Sort);
}
