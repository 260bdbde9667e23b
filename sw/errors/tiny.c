// The smallest C program, for the malformed-binary cases: built as a
// relocatable object (64- and 32-bit) and as a dynamically linked program,
// none of which fireplane can run.
int main(void) {
    return 0;
}
