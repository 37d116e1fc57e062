"""tests/jupyter/test_kernel.py — tsh-kernel against real Jupyter clients.

jupyter_kernel_test's KernelTests drive the kernel through jupyter_client and check every message
against the protocol's schema; the tests below add IPython's display rules, PyTorch's errors,
input(), and interrupts while busy and while idle. Run by ctest (tests/jupyter/run.sh) with
Debian's python3, in temporary Jupyter folders, the kernelspec taken from the build tree.
"""
import re
import time
import unittest

import jupyter_kernel_test
from jupyter_client.manager import start_new_kernel

ANSI = re.compile(r"\x1b\[[0-9;]*m")


class TshKernelTests(jupyter_kernel_test.KernelTests):
    kernel_name = "tsh"
    language_name = "python"
    file_extension = ".py"
    code_hello_world = "print('hello, world')"
    code_stderr = "import sys\nprint('careful', file=sys.stderr)"
    code_generate_error = "torch.ones(2) + torch.ones(3)"
    code_execute_result = [
        {"code": "torch.arange(3.)", "result": "tensor([0., 1., 2.])"},
        {"code": "torch.arange(10.).view(2, 5).t().stride()", "result": "(1, 5)"},
        {"code": "6 * 7", "result": "42"},
    ]
    code_display_data = [
        {"code": "t = torch.arange(6.).view(2, 3)\n%storage t", "mime": "image/svg+xml"},
        {"code": "%storage t", "mime": "image/png"},
        {"code": "%storage t", "mime": "text/plain"},
    ]
    completion_samples = [{"text": "torch.zeros_l", "matches": {"torch.zeros_like"}}]
    complete_code_samples = ["1 + 1", "x = 1", "print('a')"]
    incomplete_code_samples = ["for i in range(3):", "x = (1,", "def f():\n    return 1"]
    invalid_code_samples = ["1 +* 2"]
    supported_history_operations = ("tail", "range", "search")
    code_history_pattern = "6 *"
    code_inspect_sample = "torch.zeros"
    code_page_something = "torch.zeros?"

    def run_cell(self, code, **kw):
        self.flush_channels()
        reply, messages = self.execute_helper(code, **kw)
        return reply["content"], [(m["msg_type"], m["content"]) for m in messages]

    def test_tsh_only_last_expression_shows(self):
        reply, messages = self.run_cell("1\n2")
        results = [c for t, c in messages if t == "execute_result"]
        self.assertEqual([r["data"]["text/plain"] for r in results], ["2"])
        self.assertEqual(results[0]["execution_count"], reply["execution_count"])

    def test_tsh_semicolon_and_none_hide_the_value(self):
        for code in ["3;", "None", "x = 5", "for i in range(2):\n    i"]:
            _, messages = self.run_cell(code)
            self.assertEqual([t for t, _ in messages if t == "execute_result"], [], code)

    def test_tsh_print_then_value(self):
        _, messages = self.run_cell("print('a'); 7")
        kinds = [(t, c.get("text") or c.get("data", {}).get("text/plain")) for t, c in messages
                 if t in ("stream", "execute_result")]
        self.assertEqual(kinds, [("stream", "a\n"), ("execute_result", "7")])

    def test_tsh_error_is_pytorchs(self):
        reply, messages = self.run_cell("t = torch.arange(6.)\nt.t().view(-1)\nt.view(4)")
        self.assertEqual(reply["status"], "error")
        self.assertEqual(reply["ename"], "RuntimeError")
        self.assertEqual(reply["evalue"], "shape '[4]' is invalid for input of size 6")
        errors = [c for t, c in messages if t == "error"]
        self.assertEqual(len(errors), 1)
        tb = [ANSI.sub("", part) for part in errors[0]["traceback"]]
        self.assertTrue(tb[1].startswith("RuntimeError"), tb)
        self.assertIn("Cell In[", tb[2])
        self.assertIn("----> 3 t.view(4)", tb[2])
        self.assertEqual(tb[-1], "RuntimeError: shape '[4]' is invalid for input of size 6")

    def test_tsh_variables_persist_and_count(self):
        first, _ = self.run_cell("kept = torch.ones(2)")
        second, messages = self.run_cell("kept.sum()")
        self.assertEqual(second["execution_count"], first["execution_count"] + 1)
        self.assertEqual([c["data"]["text/plain"] for t, c in messages if t == "execute_result"], ["tensor(2.)"])

    def test_tsh_storage_picture(self):
        # One display_data: the terminal's picture as text (no colour codes), the SVG, and a PNG.
        _, messages = self.run_cell("u = torch.arange(12.).view(3, 4)\nv = u.t()\n%storage u v")
        shown = [c for t, c in messages if t == "display_data"]
        self.assertEqual(len(shown), 1)
        data = shown[0]["data"]
        self.assertEqual(set(data), {"text/plain", "image/svg+xml", "image/png"})
        self.assertNotIn("\x1b", data["text/plain"])
        self.assertIn("u", data["text/plain"])
        self.assertTrue(data["image/svg+xml"].lstrip().startswith("<svg") or data["image/svg+xml"].startswith("<?xml"))
        import base64
        png = base64.b64decode(data["image/png"])
        self.assertEqual(png[:8], b"\x89PNG\r\n\x1a\n")
        self.assertEqual([t for t, _ in messages if t == "execute_result"], [])

    def test_tsh_input(self):
        self.flush_channels()
        msg_id = self.kc.execute("name = input('who? ')\nname.upper()", allow_stdin=True)
        request = self.kc.get_stdin_msg(timeout=10)
        self.assertEqual(request["content"]["prompt"], "who? ")
        self.kc.input("ada")
        reply = self.get_non_kernel_info_reply(timeout=10)
        self.assertEqual(reply["parent_header"]["msg_id"], msg_id)
        self.assertEqual(reply["content"]["status"], "ok")

    def test_tsh_input_without_stdin(self):
        # nbconvert runs notebooks without stdin: input() fails at once, as under ipykernel.
        self.flush_channels()
        self.kc.execute("input('x')", allow_stdin=False)
        reply = self.get_non_kernel_info_reply(timeout=10)["content"]
        self.assertEqual(reply["ename"], "StdinNotImplementedError")


class TshInterruptTests(unittest.TestCase):
    """Interrupts as JupyterLab's Stop button sends them: SIGINT to the kernel."""

    def test_interrupt_busy_then_idle(self):
        km, kc = start_new_kernel(kernel_name="tsh")
        try:
            # stop_on_error off: after an error xeus aborts the requests that arrive in the next
            # moments (as a notebook's "run all" wants), which would swallow the next test cell.
            kc.execute("while True:\n    pass", stop_on_error=False)
            time.sleep(1.0)
            started = time.monotonic()
            km.interrupt_kernel()
            reply = kc.get_shell_msg(timeout=10)
            self.assertLess(time.monotonic() - started, 2.0)
            self.assertEqual(reply["content"]["status"], "error")
            self.assertEqual(reply["content"]["ename"], "KeyboardInterrupt")
            km.interrupt_kernel()  # while idle: nothing to stop, and the kernel lives on
            time.sleep(0.5)
            self.assertTrue(km.is_alive())
            kc.execute("1 + 1")
            self.assertEqual(kc.get_shell_msg(timeout=10)["content"]["status"], "ok")
        finally:
            kc.stop_channels()
            km.shutdown_kernel(now=True)

    def interrupted_after(self, kc, km, code, wait):
        """Seconds from the interrupt to the cell's KeyboardInterrupt reply."""
        kc.execute(code, stop_on_error=False)
        time.sleep(wait)
        started = time.monotonic()
        km.interrupt_kernel()
        reply = kc.get_shell_msg(timeout=30)
        self.assertEqual(reply["content"].get("ename"), "KeyboardInterrupt")
        return time.monotonic() - started

    def test_interrupt_within_0_2_s_also_inside_blas(self):
        km, kc = start_new_kernel(kernel_name="tsh")
        try:
            self.assertLess(self.interrupted_after(kc, km, "t = torch.zeros(1)\nwhile True:\n    t += 1", 1.0), 0.2)
            # Products of 5.4e10 flops each: the BLAS call under way is left to finish alone, the cell
            # stops at once.
            kc.execute_interactive("x = torch.ones(3000, 3000)", timeout=300)
            self.assertLess(self.interrupted_after(kc, km, "while True:\n    y = x @ x", 1.0), 0.2)
            kc.execute("'alive'")
            self.assertEqual(kc.get_shell_msg(timeout=60)["content"]["status"], "ok")
        finally:
            kc.stop_channels()
            km.shutdown_kernel(now=True)

    def test_restart(self):
        km, kc = start_new_kernel(kernel_name="tsh")
        try:
            kc.execute_interactive("kept = 1", timeout=30)
            km.restart_kernel(now=True)
            kc.wait_for_ready(timeout=60)
            reply = kc.execute_interactive("kept", timeout=30)
            self.assertEqual(reply["content"]["ename"], "NameError")
            self.assertEqual(kc.execute_interactive("torch.ones(1)", timeout=30)["content"]["status"], "ok")
        finally:
            kc.stop_channels()
            km.shutdown_kernel(now=True)


class TshKernelspecTests(unittest.TestCase):
    def test_install_kernel_then_kernelspec_list(self):
        import os
        import subprocess
        import tempfile
        build = os.environ["TSH_BUILD"]
        with tempfile.TemporaryDirectory() as prefix:
            subprocess.run([os.path.join(build, "tsh"), "--install-kernel", "--prefix", prefix], check=True,
                           capture_output=True)
            env = dict(os.environ, JUPYTER_PATH=os.path.join(prefix, "share", "jupyter"))
            listed = subprocess.run(["/usr/bin/python3", "-m", "jupyter_client.kernelspecapp", "list"], env=env,
                                    capture_output=True, text=True, check=True).stdout
            self.assertIn(os.path.join(prefix, "share", "jupyter", "kernels", "tsh"), listed)


if __name__ == "__main__":
    unittest.main()
