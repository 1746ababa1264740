// gRPC, compiled against its real header.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <grpcpp/grpcpp.h>
#include <grpcpp/support/sync_stream.h>
#include <memory>
#include <string>

struct Point {};

void writeAfterWritesDone(std::unique_ptr<grpc::ClientWriter<Point>> writer) {
  writer->Write(Point());
  writer->WritesDone();
  // CHECK: grpc.cpp:[[@LINE+1]]:11: warning: call to 'Write' on 'writer' after it was closed [errlint-send-after-close]
  writer->Write(Point());
  grpc::Status status = writer->Finish();
  (void)status;
}

// Negative: WritesDone then Finish is the protocol.
void orderly(grpc::ClientWriter<Point> *writer) {
  writer->Write(Point());
  writer->WritesDone();
  grpc::Status status = writer->Finish();
  (void)status;
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
