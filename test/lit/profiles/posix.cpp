// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

bool fail();

void writeAfterClose(int fd, const char *buf) {
  write(fd, buf, 1);
  close(fd);
  // CHECK: posix.cpp:[[@LINE+1]]:3: warning: call to 'write' on 'fd' after it was closed [errlint-use-after-close]
  write(fd, buf, 1);
  // CHECK: posix.cpp:[[@LINE+1]]:3: warning: call to 'fsync' on 'fd' after it was closed [errlint-use-after-close]
  fsync(fd);
}

void sendOnClosedSocket(int sock) {
  if (fail())
    close(sock);
  // CHECK: posix.cpp:[[@LINE+1]]:3: warning: call to 'send' on 'sock' that may have been closed [errlint-use-after-close]
  send(sock, "x", 1, 0);
}

void closeTwice(int fd) {
  close(fd);
  // CHECK: posix.cpp:[[@LINE+1]]:3: warning: 'close' closes 'fd' a second time [errlint-double-close]
  close(fd);
}

// Negative: the descriptor is reset, reassigned, or replaced by dup2.
void resetToMinusOne(int fd) {
  close(fd);
  fd = -1;
  if (fd >= 0)
    write(fd, "x", 1);
}
void reopened(const char *path) {
  int fd = open(path, O_RDONLY);
  close(fd);
  fd = open(path, O_RDONLY);
  char c;
  read(fd, &c, 1);
  close(fd);
}
void replacedByDup2(int fd, int other) {
  close(fd);
  dup2(other, fd);
  write(fd, "x", 1);
}

// Negative: a different descriptor; a char variable named like one.
void otherDescriptor(int a, int b) {
  close(a);
  write(b, "x", 1);
}

// A call on a closed descriptor fails with -1 (EBADF): past a test that
// found its result different, the descriptor was open, and the close after
// it is not a second one. The use itself is still reported; a close after a
// use whose result was not tested still is a second one.
void closeAfterTestedSend(int sock, const char *buf) {
  if (fail())
    close(sock);
  // CHECK: posix.cpp:[[@LINE+1]]:7: warning: call to 'send' on 'sock' that may have been closed [errlint-use-after-close]
  if (send(sock, buf, 1, 0) < 0)
    return;
  close(sock);
}
void closeAfterUntestedWrite(int fd, const char *buf) {
  close(fd);
  // CHECK: posix.cpp:[[@LINE+1]]:3: warning: call to 'write' on 'fd' after it was closed [errlint-use-after-close]
  write(fd, buf, 1);
  // CHECK: posix.cpp:[[@LINE+1]]:3: warning: 'close' closes 'fd' a second time [errlint-double-close]
  close(fd);
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
