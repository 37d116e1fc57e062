# torch.nn.functional's attention, run into the same module as functional.py: scaled dot-product
# attention and the multi-head attention that nn.MultiheadAttention and the Transformer layers use.
import math
import torch


def _attention_mask(mask, dtype):
    """A boolean mask (True: may attend) as an additive one; a float mask as it is."""
    if mask is None:
        return None
    if mask.dtype == torch.bool:
        return torch.zeros(mask.shape, dtype=dtype, device=mask.device).masked_fill(mask.logical_not(), -math.inf)
    return mask


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None,
                                 enable_gqa=False):
    """softmax(query · keyᵀ · scale + mask) · value over the last two dims (scale 1/sqrt(E) by default)."""
    if enable_gqa:
        raise NotImplementedError('scaled_dot_product_attention(enable_gqa=True) is not in tsh yet')
    if is_causal and attn_mask is not None:
        raise RuntimeError('_scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True')
    length, source = query.size(-2), key.size(-2)
    factor = 1 / math.sqrt(query.size(-1)) if scale is None else scale
    bias = None
    if is_causal:
        allowed = torch.ones(length, source, dtype=torch.bool, device=query.device).tril(diagonal=0)
        bias = _attention_mask(allowed, query.dtype)
    elif attn_mask is not None:
        bias = _attention_mask(attn_mask, query.dtype)
    weights = query @ key.transpose(-2, -1) * factor
    if bias is not None:
        weights = weights + bias
    weights = torch.softmax(weights, dim=-1)
    if dropout_p > 0.0:
        weights = dropout(weights, dropout_p, True)
    return weights @ value


def _in_projection(query, key, value, w, b, embed_dim):
    """q, k and v through the packed in-projection: one product when query, key and value are the
    same tensor (self-attention), as PyTorch does."""
    if query is key and key is value:
        proj = linear(query, w, b)
        proj = proj.unflatten(-1, (3, embed_dim)).unsqueeze(0).transpose(0, -2).squeeze(-2).contiguous()
        return proj[0], proj[1], proj[2]
    w_q, w_k, w_v = w.chunk(3)
    b_q, b_k, b_v = (None, None, None) if b is None else b.chunk(3)
    if key is value:
        kv = linear(key, torch.cat([w_k, w_v]), None if b is None else torch.cat([b_k, b_v]))
        kv = kv.unflatten(-1, (2, embed_dim)).unsqueeze(0).transpose(0, -2).squeeze(-2).contiguous()
        return linear(query, w_q, b_q), kv[0], kv[1]
    return linear(query, w_q, b_q), linear(key, w_k, b_k), linear(value, w_v, b_v)


def multi_head_attention_forward(query, key, value, embed_dim_to_check, num_heads, in_proj_weight, in_proj_bias,
                                 bias_k, bias_v, add_zero_attn, dropout_p, out_proj_weight, out_proj_bias,
                                 training=True, key_padding_mask=None, need_weights=True, attn_mask=None,
                                 use_separate_proj_weight=False, q_proj_weight=None, k_proj_weight=None,
                                 v_proj_weight=None, static_k=None, static_v=None, average_attn_weights=True,
                                 is_causal=False):
    if bias_k is not None or bias_v is not None or add_zero_attn or static_k is not None or static_v is not None:
        raise NotImplementedError('multi_head_attention_forward(bias_k=, bias_v=, add_zero_attn=, static_k=, '
                                  'static_v=) are not in tsh yet')
    batched = query.dim() == 3
    if not batched:
        query, key, value = query.unsqueeze(1), key.unsqueeze(1), value.unsqueeze(1)
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask.unsqueeze(0)
    tgt_len, bsz, embed_dim = query.shape
    src_len = key.shape[0]
    if embed_dim != embed_dim_to_check:
        raise AssertionError(f'was expecting embedding dimension of {embed_dim_to_check}, but got {embed_dim}')
    head_dim = embed_dim // num_heads
    if head_dim * num_heads != embed_dim:
        raise AssertionError(f'embed_dim {embed_dim} not divisible by num_heads {num_heads}')
    if is_causal and attn_mask is None:
        raise RuntimeError('Need attn_mask if specifying the is_causal hint. You may use the Transformer module '
                           'method `generate_square_subsequent_mask` to create this mask.')
    if not use_separate_proj_weight:
        q, k, v = _in_projection(query, key, value, in_proj_weight, in_proj_bias, embed_dim)
    else:
        b_q, b_k, b_v = (None, None, None) if in_proj_bias is None else in_proj_bias.chunk(3)
        q, k, v = linear(query, q_proj_weight, b_q), linear(key, k_proj_weight, b_k), linear(value, v_proj_weight, b_v)
    mask = _attention_mask(attn_mask, q.dtype)
    if mask is not None and mask.dim() == 2:
        if list(mask.shape) != [tgt_len, src_len]:
            raise RuntimeError(f'The shape of the 2D attn_mask is {tuple(mask.shape)}, but should be '
                               f'{(tgt_len, src_len)}.')
        mask = mask.unsqueeze(0)
    elif mask is not None and list(mask.shape) != [bsz * num_heads, tgt_len, src_len]:
        raise RuntimeError(f'The shape of the 3D attn_mask is {tuple(mask.shape)}, but should be '
                           f'{(bsz * num_heads, tgt_len, src_len)}.')
    q = q.view(tgt_len, bsz * num_heads, head_dim).transpose(0, 1)
    k = k.view(src_len, bsz * num_heads, head_dim).transpose(0, 1)
    v = v.view(src_len, bsz * num_heads, head_dim).transpose(0, 1)
    if key_padding_mask is not None:
        padding = _attention_mask(key_padding_mask.logical_not() if key_padding_mask.dtype == torch.bool
                                  else key_padding_mask, q.dtype)
        padding = padding.view(bsz, 1, 1, src_len).expand(-1, num_heads, -1, -1).reshape(bsz * num_heads, 1, src_len)
        mask = padding if mask is None else mask + padding
    if not training:
        dropout_p = 0.0
    if need_weights:
        scaled = q * math.sqrt(1.0 / float(head_dim))
        weights = torch.bmm(scaled, k.transpose(-2, -1))
        if mask is not None:
            weights = mask + weights  # PyTorch's baddbmm(mask, q, kᵀ)
        weights = softmax(weights, dim=-1)
        if dropout_p > 0.0:
            weights = dropout(weights, p=dropout_p)
        out = torch.bmm(weights, v).transpose(0, 1).contiguous().view(tgt_len * bsz, embed_dim)
        out = linear(out, out_proj_weight, out_proj_bias).view(tgt_len, bsz, out_proj_weight.shape[0])
        weights = weights.view(bsz, num_heads, tgt_len, src_len)
        if average_attn_weights:
            weights = weights.mean(dim=1)
        if not batched:
            out, weights = out.squeeze(1), weights.squeeze(0)
        return out, weights
    if mask is not None:
        mask = mask.view(bsz, num_heads, -1, src_len) if mask.size(0) != 1 else mask.unsqueeze(0)
    q = q.view(bsz, num_heads, tgt_len, head_dim)
    k = k.view(bsz, num_heads, src_len, head_dim)
    v = v.view(bsz, num_heads, src_len, head_dim)
    out = scaled_dot_product_attention(q, k, v, mask, dropout_p, is_causal and mask is None)
    out = out.permute(2, 0, 1, 3).contiguous().view(bsz * tgt_len, embed_dim)
    out = linear(out, out_proj_weight, out_proj_bias).view(tgt_len, bsz, out_proj_weight.shape[0])
    if not batched:
        out = out.squeeze(1)
    return out, None
